import '@lp/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { hasPrerenderedPage, isPrerendered, loadUser } from '@lp/web-platform';
import { loadLanding } from './pages/ShellPages.tsx';
import { catalogueReady, setLanguage } from '@lp/web-platform/i18n';
import './i18n/index.ts';
import { Chrome } from './Chrome.tsx';
import { startApps } from './platform/apps.tsx';
import { applyDevRemotes, fetchRemotesConfig, type RemotesConfig } from './platform/remotes.ts';

const byId = (id: string) => document.getElementById(id)!;

// Alongside: where the remotes are, from the gateway's configuration, asked at once; then single-spa takes over
// routing (activity functions ask the route sets with the current auth state, src/platform/route-sets.ts) and the
// page's remote is fetched while the user is being checked.
void fetchRemotesConfig()
  .catch((error: unknown): RemotesConfig => {
    console.error('[shell] /remotes.json could not be loaded; remotes will show as unavailable', error);
    return {};
  })
  .then((config) => startApps(applyDevRemotes(config)));

// 1. Who is signed in. Until we know, the chrome shows only the full-screen "Loading..." spinner
//    and no remote is active (spec §4); the route set follows from the answer.
const user = loadUser();

// The language: the device's or browser's from the first line (`@lp/web-platform/i18n`); a signed-in user's own,
// kept on their profile, once the check answers (and remembered on the device, for the next first paint).
const language = user
  .then((signedIn) => (signedIn?.language ? setLanguage(signedIn.language) : catalogueReady()))
  .catch(() => undefined);

// 2. The chrome and the shell's own pages render from the auth state, whatever the remotes do.
const root = createRoot(byId('lp-header'));
const pageSlot = byId('lp-shell-page');
const footerSlot = byId('lp-footer');
const renderChrome = () => root.render(
  <StrictMode>
    <Chrome pageSlot={pageSlot} footerSlot={footerSlot} />
  </StrictMode>,
);
if (isPrerendered()) {
  // A visitor's page came prerendered (gateway/src/prerendered.ts): it stays on screen, instead of the Loading...
  // screen, until the auth check has answered; then the chrome replaces it in one task, so nothing blinks. The
  // header's slot is emptied by React's first commit; the page and footer slots, which it fills through portals,
  // here.
  // The prerendered page is English; a Hindi reader's chrome replaces it once its catalogue is here too.
  // A prerendered landing page (no remote's page in it) is replaced by the landing page's chunk, fetched meanwhile.
  await Promise.all([user, language, hasPrerenderedPage() ? null : loadLanding().then(catalogueReady).catch(() => undefined)]);
  flushSync(() => {
    pageSlot.replaceChildren();
    footerSlot.replaceChildren();
    renderChrome();
  });
} else {
  renderChrome();
}

// 3. Offline study, for a signed-in learner: the service worker, once the page has loaded and settled. Its code is a
//    chunk of its own: a visitor's landing and challenge pages never fetch it, nor the worker, nor what it caches.
void user.then((signedIn) => signedIn && import('./platform/service-worker.ts').then((m) => m.registerServiceWorker()));
