/**
 * Spec §2 "Route sets by authentication state", as one pure decision: given the path, the
 * authentication state and the role, what shows — the Loading screen, a shell page, a remote's
 * app, or a redirect. The shell renders from it and single-spa's activity functions ask it, so a
 * remote is only active where its route is allowed for the current auth state.
 */
import { loginUrl, matchPath } from '@lp/web-platform';
import type { Role } from '@lp/contracts';
import { pagesOf, REMOTE_PAGES, type PageAccess, type PageRemote } from '@lp/web-platform/pages';
import type { RemoteName } from './remotes.ts';

export type AuthState = 'loading' | 'authenticated' | 'unauthenticated';

export type ShellPageName = 'landing' | 'home' | 'privacy-policy' | 'terms-of-service' | 'refund-policy' | 'disclaimer' | 'not-found';

export type RouteDecision =
  /** The user is being checked: the full-screen "Loading..." spinner, nothing else. */
  | { kind: 'loading' }
  /** A signed-in-only page opened while signed out: go to `to` (replacing the history entry). */
  | { kind: 'redirect'; to: string }
  /** `disclaimer`: the disclaimer modal covers this page until the signed-in user accepts it. */
  | { kind: 'shell'; page: ShellPageName; disclaimer: boolean }
  | { kind: 'remote'; app: RemoteName; disclaimer: boolean };

type Target = { shell: ShellPageName } | { remote: RemoteName };

interface RouteEntry {
  path: string;
  target: Target;
}

const shell = (page: ShellPageName): Target => ({ shell: page });
const remote = (app: RemoteName): Target => ({ remote: app });

export const POLICY_ROUTES: readonly RouteEntry[] = [
  { path: '/privacy-policy', target: shell('privacy-policy') },
  { path: '/terms-of-service', target: shell('terms-of-service') },
  { path: '/refund-policy', target: shell('refund-policy') },
  { path: '/disclaimer', target: shell('disclaimer') },
];

/** The remotes' pages (their page tables) whose access passes `admit`, in table order. */
function remotePages(admit: (access: PageAccess) => boolean): RouteEntry[] {
  // The table's own keys, not remotes.ts's REMOTE_NAMES: remotes.ts imports this module (no import cycle at start-up).
  return (Object.keys(REMOTE_PAGES) as PageRemote[]).flatMap((name) =>
    pagesOf(REMOTE_PAGES[name]).filter((page) => admit(page.access)).map((page) => ({ path: page.path, target: remote(name) })),
  );
}

/** Signed in: spec §2 (every remote page but the visitors' own), then the not-found fallback. */
export const SIGNED_IN_ROUTES: readonly RouteEntry[] = [
  { path: '/', target: shell('home') },
  ...remotePages((access) => access !== 'visitors'),
  ...POLICY_ROUTES,
];

/**
 * Not signed in: spec §2, plus `/dashboard` (§6: visitors get a dashboard with a Login link, and
 * sample quizzes start there). Any other path shows the landing page.
 */
export const SIGNED_OUT_ROUTES: readonly RouteEntry[] = [
  { path: '/', target: shell('landing') },
  ...remotePages((access) => access === 'public' || access === 'visitors'),
  ...POLICY_ROUTES,
];

const pathsWith = (wanted: PageAccess) => remotePages((access) => access === wanted).map((page) => page.path);

/**
 * Protected pages: signed-in-only routes. A signed-out visitor opening one is sent to `/`
 * (spec §6 "Unauthenticated users on protected pages are redirected (default /)"). The signed-in
 * home shares `/` with the landing page, so a visitor there simply sees the landing page.
 */
export const PROTECTED_PATHS: readonly string[] = pathsWith('protected');

/**
 * Pages a visitor means to come back to once signed in (buying the plan): instead of `/`, they go to sign in and
 * return here (the spec's default of `/` is for the rest).
 */
export const SIGN_IN_AND_RETURN_PATHS: readonly string[] = pathsWith('sign-in-and-return');

/** Pages a signed-in user may read before accepting the disclaimer: the four policies (and the 404 page). */
const DISCLAIMER_FREE: ReadonlySet<ShellPageName> = new Set(['privacy-policy', 'terms-of-service', 'refund-policy', 'disclaimer', 'not-found']);

function find(routes: readonly RouteEntry[], pathname: string): Target | null {
  return routes.find((route) => matchPath(route.path, pathname))?.target ?? null;
}

function decided(target: Target, signedIn: boolean): RouteDecision {
  if ('remote' in target) return { kind: 'remote', app: target.remote, disclaimer: signedIn };
  return { kind: 'shell', page: target.shell, disclaimer: signedIn && !DISCLAIMER_FREE.has(target.shell) };
}

/**
 * What renders at `pathname` for this auth state. The role is accepted for completeness: no route
 * set depends on it (the admin screens check the owner role and the admin elevation themselves,
 * spec §6), only the navigation does.
 */
export function decideRoute(pathname: string, auth: AuthState, _role?: Role | null): RouteDecision {
  if (auth === 'loading') return { kind: 'loading' };
  if (auth === 'authenticated') return decided(find(SIGNED_IN_ROUTES, pathname) ?? shell('not-found'), true);
  const target = find(SIGNED_OUT_ROUTES, pathname);
  if (target) return decided(target, false);
  if (SIGN_IN_AND_RETURN_PATHS.some((path) => matchPath(path, pathname))) return { kind: 'redirect', to: loginUrl(pathname) };
  if (PROTECTED_PATHS.some((path) => matchPath(path, pathname))) return { kind: 'redirect', to: '/' };
  return decided(shell('landing'), false);
}

/** The remote single-spa should have mounted for this path and auth state, if any. */
export function activeRemote(pathname: string, auth: AuthState, role?: Role | null): RemoteName | null {
  const decision = decideRoute(pathname, auth, role);
  return decision.kind === 'remote' ? decision.app : null;
}
