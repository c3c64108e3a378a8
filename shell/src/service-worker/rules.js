/* What the service worker does with each request and which caches it keeps: pure decisions, no caches or fetch, so
 * they are unit tested (shell/test/service-worker-rules.test.ts). An ES module for the tests; the shell's build
 * inlines it into dist/sw.js in place of sw.js's `import` line (packages/web-platform/build/service-worker.ts), so
 * only `export const` / `export function` declarations here, and no imports.
 */
export const PERSONAL_PREFIX = 'lp-personal-';
export const APP_PREFIX = 'lp-app-';
/** Who is signed in and their disclaimer status, remembered for this session (answered only when offline). */
export const SESSION_CACHE = `${PERSONAL_PREFIX}session`;
export const SHELL_PAGE = '/index.html';
export const USER_URL = '/api/auth/user';
export const DISCLAIMER_URL = '/api/auth/disclaimer/status';
/** The id of the learner signed in here, to see when someone else signs in without signing out first. */
export const LAST_USER_KEY = '/__lp/last-user';
/** Built files with a content hash in their name (`main.97326a9b5a.js`): never change, so served from the cache first. */
export const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** The two calls a downloaded chapter answers (mfe-learn/src/offline/chapter-download.ts writes them). */
const DOWNLOADED_CALL = /^\/api\/(questions\/chapter|chapters)\/[0-9a-f]{24}$/i;

/** The cache of one learner's downloaded chapters (mfe-learn's `personalCacheName`). */
export const downloadCacheName = (userId) => `${PERSONAL_PREFIX}${userId}`;

/**
 * How the worker answers a request:
 * - `ignore`: not the worker's business; the browser fetches it and nothing is cached (other origins, every other
 *   `/api/*` call: personal data, answers and their keys never reach a cache);
 * - `sign-out`: delete every personal cache, then let the sign-out through;
 * - `session-fact`: network, remembered for this session, the remembered copy only when offline;
 * - `download`: network; the signed-in learner's own download only when offline (never written by the worker);
 * - `page`: network, the cached shell page when offline; `hashed-file`: cache first; `app-config`: network first.
 */
export function routeOf({ url, method, mode }, origin) {
  const parsed = new URL(url);
  if (parsed.origin !== origin) return 'ignore';
  const path = parsed.pathname;
  if (path === '/api/logout' || path.startsWith('/api/logout/')) return 'sign-out';
  if (method !== 'GET') return 'ignore';
  if (path === USER_URL || path === DISCLAIMER_URL) return 'session-fact';
  if (DOWNLOADED_CALL.test(path)) return 'download';
  if (path === '/api' || path.startsWith('/api/')) return 'ignore';
  if (mode === 'navigate') return 'page';
  if (HASHED_FILE.test(path)) return 'hashed-file';
  if (path === '/remotes.json' || path.startsWith('/remotes/')) return 'app-config';
  return 'ignore';
}

/** Whether a network answer may be kept in the app cache: a successful GET of the app's own files only. */
export function mayKeepInAppCache(route, response) {
  return (route === 'hashed-file' || route === 'app-config') && response.ok && response.status === 200;
}

/** The personal caches to delete: all of them (sign-out, session over), or all but `keep`. */
export function personalCachesToDelete(names, keep) {
  return names.filter((name) => name.startsWith(PERSONAL_PREFIX) && name !== keep);
}

/** Older builds' app caches, replaced by this build's `current`. */
export function staleAppCaches(names, current) {
  return names.filter((name) => name.startsWith(APP_PREFIX) && name !== current);
}

/**
 * What a sign-in check's answer means for the caches: `forget-all` when the session is over (401), `forget-others`
 * when someone else than the last learner signed in here (the previous learner's downloads go), else `keep`.
 */
export function sessionChange(status, userId, lastUserId) {
  if (status === 401) return 'forget-all';
  if (userId && lastUserId !== null && lastUserId !== undefined && lastUserId !== userId) return 'forget-others';
  return 'keep';
}

/** The only cache an offline chapter call may be answered from: the signed-in learner's own downloads (none when unknown). */
export function downloadCacheFor(names, userId) {
  if (!userId) return null;
  const name = downloadCacheName(userId);
  return name !== SESSION_CACHE && names.includes(name) ? name : null;
}
