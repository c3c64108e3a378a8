import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'gateway', globalSetup: ['../packages/service-kit/src/testing/global-setup.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
});
