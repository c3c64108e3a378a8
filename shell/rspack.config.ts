import { appConfig } from '@lp/web-platform/build';

// The Module Federation host. It knows no remote at build time: /remotes.json says where they are.
export default appConfig({
  kind: 'host',
  name: 'shell',
  dir: import.meta.dirname,
  title: 'LearnPlatform',
  port: 3000,
});
