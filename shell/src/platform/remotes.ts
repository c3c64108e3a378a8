/**
 * Which remote owns which routes (ARCHITECTURE.md route table). single-spa mounts a remote while
 * its activity function is true, which also takes the auth state into account (`route-sets.ts`).
 */
import { useSession } from '@lp/web-platform';
import type { Role } from '@lp/contracts';
import { activeRemote, type AuthState } from './route-sets.ts';

export const REMOTE_NAMES = ['learn', 'challenge', 'billing', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Route prefixes per remote. A prefix ending in `/` matches everything below it (`/topic/` →
 * `/topic/42`); any other prefix matches the exact path or paths below it (`/dashboard`,
 * `/dashboard/`), never a longer word (`/admin-upload` does not match `/admin-upload-old`).
 */
export const REMOTE_ROUTES: Record<RemoteName, readonly string[]> = {
  learn: ['/dashboard', '/topic/', '/quiz/', '/test-quiz', '/simple-quiz', '/download-biology'],
  challenge: ['/challenge/', '/c/'],
  billing: ['/subscribe', '/subscription', '/test-payment', '/payment-status', '/feedback'],
  admin: ['/admin-login', '/admin-upload', '/admin-upload-old', '/admin-revision-settings', '/admin-feedback'],
};

export function prefixMatches(prefix: string, pathname: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix) && pathname.length > prefix.length;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function remoteForPath(pathname: string): RemoteName | null {
  return REMOTE_NAMES.find((name) => REMOTE_ROUTES[name].some((prefix) => prefixMatches(prefix, pathname))) ?? null;
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
  const res = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText || 'could not load the remotes configuration'}`);
  const config: unknown = await res.json();
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error(`${url} is not an object of remote name → manifest URL`);
  return Object.fromEntries(Object.entries(config).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
