import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Test files run side by side: each content instance has NATS subjects and durable consumers of its own
  // (the kit's instanceTag, see test/support/harness.ts).
  test: { name: 'svc-content', globalSetup: ['../deploy/local/vitest-global-setup.mjs'], testTimeout: 30_000, hookTimeout: 60_000 },
});
