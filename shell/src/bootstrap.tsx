import '@lp/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadUser } from '@lp/web-platform';
import { Chrome } from './Chrome.tsx';
import { startApps } from './platform/apps.tsx';
import { applyDevRemotes, fetchRemotesConfig, type RemotesConfig } from './platform/remotes.ts';

const byId = (id: string) => document.getElementById(id)!;

// 1. Who is signed in. Until we know, the chrome shows only the full-screen "Loading..." spinner
//    and no remote is active (spec §4); the route set follows from the answer.
void loadUser();

// 2. The chrome and the shell's own pages render from the auth state, whatever the remotes do.
createRoot(byId('lp-header')).render(
  <StrictMode>
    <Chrome pageSlot={byId('lp-shell-page')} footerSlot={byId('lp-footer')} />
  </StrictMode>,
);

// 3. Where the remotes are, from the gateway's configuration; then single-spa takes over routing.
//    Activity functions ask the route sets with the current auth state (src/platform/route-sets.ts).
const config: RemotesConfig = await fetchRemotesConfig().catch((error: unknown) => {
  console.error('[shell] /remotes.json could not be loaded; remotes will show as unavailable', error);
  return {};
});
startApps(applyDevRemotes(config));
