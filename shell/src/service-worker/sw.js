/* The service worker (issue 33 §2, shell/README.md "Offline"): the app works with no connection once it has been opened.
 * - The app shell and every remote's built files are cached (the shell's list is written in at build time; the
 *   remotes' are read from /remotes.json and their mf-manifest.json, so a remote released alone is cached too).
 * - A page navigation that cannot reach the network gets the cached shell page; its router does the rest.
 * - /api/* is never cached, except what belongs to the signed-in learner for this session: a chapter downloaded for
 *   offline (put in `lp-personal-<user>` by mfe-learn, served here only when the network fails), and who is signed
 *   in and their disclaimer status (so a page reloaded offline still knows). Signing out (the /api/logout
 *   navigation), or the session ending (/api/auth/user answering 401), deletes every personal cache; a sign-in as
 *   someone else deletes the previous learner's.
 * Plain JavaScript, no bundler: the shell's build (packages/web-platform/build/service-worker.ts) fills in
 * `self.__LP_SHELL_FILES` and a build id above this text, and inlines `./rules.js` (the routing and caching decisions,
 * unit tested) in place of the import, so the worker stays a classic script.
 */
/* global self, caches, Request, Response */
import {
  SESSION_CACHE, SHELL_PAGE, USER_URL, LAST_USER_KEY, HASHED_FILE, routeOf, mayKeepInAppCache, personalCachesToDelete,
  staleAppCaches, sessionChange, downloadCacheFor,
} from './rules.js';

const SHELL_FILES = self.__LP_SHELL_FILES || [];
const APP_CACHE = `lp-app-${self.__LP_BUILD_ID || 'dev'}`;

async function remoteFiles() {
  const remotes = await (await fetch('/remotes.json', { cache: 'no-cache' })).json();
  const files = [];
  for (const manifestUrl of Object.values(remotes)) {
    try {
      const base = new URL(manifestUrl, self.location.origin);
      const manifest = await (await fetch(base, { cache: 'no-cache' })).json();
      const entry = manifest.metaData && manifest.metaData.remoteEntry;
      const names = [base.href, entry ? new URL(`${entry.path || ''}${entry.name}`, base).href : null];
      for (const part of [...(manifest.shared || []), ...(manifest.exposes || [])]) {
        for (const kind of ['js', 'css']) {
          const assets = (part.assets && part.assets[kind]) || {};
          for (const file of [...(assets.sync || []), ...(assets.async || [])]) names.push(new URL(file, base).href);
        }
      }
      for (const name of names) if (name && new URL(name).origin === self.location.origin) files.push(name);
    } catch {
      // A remote that cannot be read now is cached as its files are fetched.
    }
  }
  return files;
}

/** Caches what is not cached yet (hashed files) and refreshes the rest (the shell page, manifests, entries). */
async function precache() {
  const cache = await caches.open(APP_CACHE);
  const wanted = new Set([SHELL_PAGE, '/remotes.json', ...SHELL_FILES]);
  try {
    for (const file of await remoteFiles()) wanted.add(file);
  } catch {
    // Offline at install: the shell's own files are enough to start; remotes are cached as they are fetched.
  }
  await Promise.all([...wanted].map(async (url) => {
    if (HASHED_FILE.test(new URL(url, self.location.origin).pathname) && (await cache.match(url))) return;
    try {
      const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
      if (response.ok) await cache.put(url, response);
    } catch {
      // Fetched again on the next precache (every page load asks for one).
    }
  }));
}

async function deletePersonalCaches(keep) {
  for (const name of personalCachesToDelete(await caches.keys(), keep)) await caches.delete(name);
}

/** Who signed in last on this device (remembered for this session), or null. */
async function lastUserId() {
  const known = await caches.match(LAST_USER_KEY, { cacheName: SESSION_CACHE });
  return known ? known.text() : null;
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of staleAppCaches(await caches.keys(), APP_CACHE)) await caches.delete(name);
    await self.clients.claim();
  })());
});

/**
 * The page that registered the worker asked who is signed in before the worker saw its calls: ask once more, so an
 * offline chapter call knows whose downloads it may answer from.
 */
async function learnWhoIsSignedIn() {
  if ((await lastUserId()) !== null) return;
  await sessionFact(new Request(USER_URL, { credentials: 'same-origin' })).catch(() => {});
}

self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  // The page asks after each load: a remote released since the install is cached too.
  if (type === 'lp-precache') event.waitUntil(Promise.all([precache(), learnWhoIsSignedIn()]));
  if (type === 'lp-forget-personal') event.waitUntil(deletePersonalCaches());
});

/** Network first; the cached copy when the network fails; `fallback` (a cached URL) when there is none. */
async function networkFirst(request, route, fallback) {
  const cache = await caches.open(APP_CACHE);
  try {
    const response = await fetch(request);
    if (mayKeepInAppCache(route, response)) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(request, { ignoreSearch: !!fallback })) || (fallback && (await cache.match(fallback)));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request, route) {
  const cache = await caches.open(APP_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (mayKeepInAppCache(route, response)) await cache.put(request, response.clone());
  return response;
}

/**
 * Who is signed in, and whether they accepted the disclaimer: from the network, remembered for this session; the
 * remembered answer only when offline (a page reloaded on a train still knows its learner and opens no modal).
 */
async function sessionFact(request) {
  const key = new URL(request.url).pathname;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const remembered = await caches.match(key, { cacheName: SESSION_CACHE });
    if (remembered) return remembered;
    throw error;
  }
  if (!response.ok && response.status !== 401) return response;
  const user = key === USER_URL && response.ok ? await response.clone().json().catch(() => null) : null;
  const change = sessionChange(response.status, user && user.id, await lastUserId());
  // The session is over (this call renews it while it can): nothing of the learner stays on the device.
  if (change === 'forget-all') {
    await deletePersonalCaches();
    return response;
  }
  // Someone else signed in on this device: the previous learner's downloads go.
  if (change === 'forget-others') await deletePersonalCaches(SESSION_CACHE);
  const cache = await caches.open(SESSION_CACHE);
  if (user && user.id) await cache.put(LAST_USER_KEY, new Response(user.id));
  await cache.put(key, response.clone());
  return response;
}

/** A downloaded chapter's questions or details: the network's answer, else the signed-in learner's own download. */
async function personalFallback(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const name = downloadCacheFor(await caches.keys(), await lastUserId());
    const hit = name && (await (await caches.open(name)).match(request, { ignoreSearch: true }));
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const route = routeOf(request, self.location.origin);
  switch (route) {
    // Signing out: nothing of this learner stays on the device.
    case 'sign-out': return event.respondWith(deletePersonalCaches().then(() => fetch(request)));
    case 'session-fact': return event.respondWith(sessionFact(request));
    case 'download': return event.respondWith(personalFallback(request));
    case 'page': return event.respondWith(networkFirst(request, route, SHELL_PAGE));
    case 'hashed-file': return event.respondWith(cacheFirst(request, route));
    case 'app-config': return event.respondWith(networkFirst(request, route));
    default: return undefined; // the browser's own fetch: nothing kept
  }
});
