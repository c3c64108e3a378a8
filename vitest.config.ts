import { defineConfig } from 'vitest/config';

// One run over every slice; each folder may refine its own environment in its vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'svc-*', 'gateway', 'shell', 'mfe-*', 'deploy'],
    passWithNoTests: false,
  },
});
