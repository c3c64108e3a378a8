import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'svc-content', globalSetup: ['../packages/service-kit/src/testing/global-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000,
    // One test file at a time: every content service of a run answers content.rpc.* in the same NATS queue group.
    fileParallelism: false },
});
