import { defineConfig } from 'vitest/config';

// Tests of the local tooling against stacks of their own (deploy/test/support/own-stack.mjs): each file starts
// FerretDB, NATS and the processes it needs on its own ports, so one file at a time.
export default defineConfig({
  test: {
    name: 'deploy',
    include: ['test/**/*.test.mjs'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
