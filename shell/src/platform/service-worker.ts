import { pageSettled } from './page-settled.ts';

/**
 * Registers the offline service worker (`/sw.js`, src/service-worker/sw.js) once the page has loaded and settled
 * (bootstrap.tsx calls it for a signed-in learner only), then asks it to cache what the current remotes need (a remote
 * released since it installed). Its install fetches and stores every remote's files: started on `load`, that ran
 * beside the dashboard's first renders and took the phone's CPU from them (issue 32 §3, TBT). Production builds only:
 * the dev servers rebuild files the worker would serve from its cache.
 */
export function registerServiceWorker(win: Window = window, settled: () => Promise<void> = () => pageSettled(win)): void {
  const workers = win.navigator.serviceWorker;
  if (!workers || process.env.NODE_ENV !== 'production') return;
  const register = () => {
    void settled().then(() => workers.register('/sw.js')).then(() => workers.ready).then((r) => r.active?.postMessage({ type: 'lp-precache' }), () => {});
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
