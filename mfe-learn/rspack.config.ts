import { appConfig } from '@lp/web-platform/build';

export default appConfig({
  kind: 'remote',
  name: 'learn',
  dir: import.meta.dirname,
  title: 'Learn (standalone)',
  port: 3001,
  exposes: { './app': './src/lifecycles.tsx' },
});
