/**
 * Registers the offline service worker (`/sw.js`, src/service-worker/sw.js) once the page has loaded, so it never
 * competes with the first paint (bootstrap.tsx calls it for a signed-in learner only), then asks it to cache what the current remotes need (a remote released since it
 * installed). Production builds only: the dev servers rebuild files the worker would serve from its cache.
 */
export function registerServiceWorker(win: Window = window): void {
  const workers = win.navigator.serviceWorker;
  if (!workers || process.env.NODE_ENV !== 'production') return;
  const register = () => {
    workers.register('/sw.js').then(() => workers.ready).then((r) => r.active?.postMessage({ type: 'lp-precache' }), () => {});
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
