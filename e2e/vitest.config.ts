import { defineConfig } from 'vitest/config';

// Browser tests against the running platform (gateway at E2E_BASE_URL, default http://127.0.0.1:8080).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 60_000,
    // Rebuilding a remote (platform test b) happens in hooks.
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
