import { appConfig } from '@lp/web-platform/build';
import { PRODUCT_NAME } from './src/brand.ts';

// The Module Federation host. It knows no remote at build time: /remotes.json says where they are.
export default appConfig({
  kind: 'host',
  name: 'shell',
  dir: import.meta.dirname,
  title: PRODUCT_NAME,
  port: 3000,
  serviceWorker: 'src/service-worker/sw.js',
});
