import { appConfig } from '@lp/web-platform/build';

export default appConfig({
  kind: 'remote',
  name: 'billing',
  dir: import.meta.dirname,
  title: 'Billing (standalone)',
  port: 3003,
  exposes: { './app': './src/lifecycles.tsx', './UpgradeDialog': './src/UpgradeDialog.tsx' },
});
