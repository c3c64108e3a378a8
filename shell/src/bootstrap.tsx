import '@lp/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadUser } from '@lp/web-platform';
import { Chrome } from './Chrome.tsx';
import { startApps } from './platform/apps.tsx';
import { fetchRemotesConfig, type RemotesConfig } from './platform/remotes.ts';

const byId = (id: string) => document.getElementById(id)!;

// 1. The chrome and the shell's own pages render at once, whatever the API or the remotes do.
createRoot(byId('lp-header')).render(
  <StrictMode>
    <Chrome pageSlot={byId('lp-shell-page')} footerSlot={byId('lp-footer')} />
  </StrictMode>,
);

// 2. Who is signed in: in the background (the route guard arrives with the auth issue).
void loadUser();

// 3. Where the remotes are, from the gateway's configuration; then single-spa takes over routing.
const config: RemotesConfig = await fetchRemotesConfig().catch((error: unknown) => {
  console.error('[shell] /remotes.json could not be loaded; remotes will show as unavailable', error);
  return {};
});
startApps(config);
