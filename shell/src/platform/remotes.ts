/**
 * Which remote owns which routes: each remote's page table (`@lp/web-platform/pages`). single-spa mounts a remote
 * while its activity function is true, which also takes the auth state into account (`route-sets.ts`).
 */
import { matchPath, useSession } from '@lp/web-platform';
import { pagesOf, REMOTE_PAGES, type PageRemote } from '@lp/web-platform/pages';
import type { Role } from '@lp/contracts';
import { activeRemote, type AuthState } from './route-sets.ts';

export const REMOTE_NAMES = ['learn', 'challenge', 'billing', 'admin'] as const satisfies readonly PageRemote[];
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The remote whose page table has this path (whatever the auth state), or null for the shell's own pages. */
export function remoteForPath(pathname: string): RemoteName | null {
  return REMOTE_NAMES.find((name) => pagesOf(REMOTE_PAGES[name]).some((page) => matchPath(page.path, pathname))) ?? null;
}

/** The auth state the activity functions read: the shared session store, by default. */
export type AuthSnapshot = () => { status: AuthState; role: Role | null };

const sessionSnapshot: AuthSnapshot = () => {
  const { status, user } = useSession.getState();
  return { status, role: user?.role ?? null };
};

/**
 * single-spa activity function for one remote: active only where the route set of the current
 * auth state (spec §2) gives the path to this remote. Nothing is active while the user is being
 * checked; the shell calls `triggerAppChange()` when the auth state changes.
 */
export const activityFor =
  (name: RemoteName, auth: AuthSnapshot = sessionSnapshot) =>
  (location: Location | URL): boolean => {
    const { status, role } = auth();
    return activeRemote(location.pathname, status, role) === name;
  };

/** `/remotes.json`: remote name → URL of its `mf-manifest.json` (served by the gateway from configuration). */
export type RemotesConfig = Partial<Record<string, string>>;

export async function fetchRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  // The default cache mode: the gateway answers `Cache-Control: no-cache`, so the browser revalidates on every page
  // load (a remote redeploy shows on reload), and index.html's preload of /remotes.json is reused, not fetched twice.
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText || 'could not load the remotes configuration'}`);
  const config: unknown = await res.json();
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error(`${url} is not an object of remote name → manifest URL`);
  return Object.fromEntries(Object.entries(config).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Working on one remote alone (`npm run dev -w mfe-learn`): the running shell uses the dev server's build of
 * that remote instead of the deployed one. Open the shell once with
 * `?lp-dev-remote=learn=http://127.0.0.1:3001/mf-manifest.json` (kept in this browser's localStorage;
 * `?lp-dev-remote=learn=` forgets it). Only loopback addresses are accepted, so a link cannot point anyone's
 * shell at someone else's code; the gateway allows them in its CSP outside production only.
 */
export const DEV_REMOTES_KEY = 'lp:dev-remotes';
export const DEV_REMOTE_PARAM = 'lp-dev-remote';

export function isLoopbackManifest(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  } catch {
    return false;
  }
}

export function applyDevRemotes(config: RemotesConfig, location: Pick<Location, 'search'> = window.location, storage: Storage | null = globalThis.localStorage ?? null): RemotesConfig {
  let overrides: Record<string, string> = {};
  try {
    overrides = JSON.parse(storage?.getItem(DEV_REMOTES_KEY) ?? '{}') as Record<string, string>;
  } catch {
    overrides = {};
  }
  for (const value of new URLSearchParams(location.search).getAll(DEV_REMOTE_PARAM)) {
    const at = value.indexOf('=');
    const name = at > 0 ? value.slice(0, at) : '';
    const url = at > 0 ? value.slice(at + 1) : '';
    if (!name) continue;
    if (url === '') delete overrides[name];
    else if (isLoopbackManifest(url)) overrides[name] = url;
    else console.warn(`[shell] ${DEV_REMOTE_PARAM}: ${url} is not a loopback address; ignored`);
  }
  const valid = Object.fromEntries(Object.entries(overrides).filter(([, url]) => typeof url === 'string' && isLoopbackManifest(url)));
  if (Object.keys(valid).length === 0) storage?.removeItem(DEV_REMOTES_KEY);
  else {
    storage?.setItem(DEV_REMOTES_KEY, JSON.stringify(valid));
    console.info('[shell] remotes from local dev servers:', valid);
  }
  return { ...config, ...valid };
}
