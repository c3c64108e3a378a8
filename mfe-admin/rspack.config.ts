import { appConfig } from '@lp/web-platform/build';

export default appConfig({
  kind: 'remote',
  name: 'admin',
  dir: import.meta.dirname,
  title: 'Admin (standalone)',
  port: 3004,
  exposes: { './app': './src/lifecycles.tsx' },
});
