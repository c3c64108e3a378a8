import { appConfig } from '@lp/web-platform/build';

export default appConfig({
  kind: 'remote',
  name: 'challenge',
  dir: import.meta.dirname,
  title: 'Challenge (standalone)',
  port: 3002,
  exposes: { './app': './src/lifecycles.tsx', './CreateChallengeDialog': './src/CreateChallengeDialog.tsx' },
});
