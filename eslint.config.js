import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'deploy/**/*.go'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // Issue 27 §3: a service reads and writes its data through src/repositories/; other code may use the models' types only.
    files: ['svc-*/src/**/*.ts'],
    ignores: ['svc-*/src/repositories/**', 'svc-*/src/models/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: ['**/models', '**/models/*'], allowTypeImports: true, message: 'Read and write data through src/repositories/ (type imports from models are fine).' }],
      }],
    },
  },
  {
    // k6 scripts run in k6's JavaScript runtime, which provides these globals.
    files: ['deploy/k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' } },
  },
);
