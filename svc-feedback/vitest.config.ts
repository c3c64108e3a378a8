import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'svc-feedback', globalSetup: ['../deploy/local/vitest-global-setup.mjs'], testTimeout: 30_000, hookTimeout: 30_000 },
});
