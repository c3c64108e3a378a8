/**
 * Every remote's screens, one table per remote (`@lp/web-platform/pages`): path → who may open it (spec §2 route
 * sets, §6). The shell reads the tables to decide what shows at a path before any remote loads (route-sets.ts,
 * remotes.ts); each remote binds one component to each of its paths (`pageRoutes`). A new screen is one entry
 * here and one component in the remote's routes.tsx. First match wins within a table.
 */
export type PageAccess =
  /** Anyone, signed in or not. */
  | 'public'
  /** Visitors only: a signed-in user gets the not-found page. */
  | 'visitors'
  /** Signed-in users only: a visitor is sent to `/` (spec §6 "redirected (default /)"). */
  | 'protected'
  /** Signed-in users only: a visitor goes to sign in and comes back here (buying the plan). */
  | 'sign-in-and-return';

/** One remote's table: path → access, in match order (first match wins; string keys keep their order). */
export type PageTable = Readonly<Record<string, PageAccess>>;

// One const per remote, so a remote bundles its own table only; the shell reads them all through REMOTE_PAGES.
export const LEARN_PAGES = {
  '/dashboard': 'public',
  '/topic/:id': 'protected',
  '/quiz/chapter/:chapterId': 'public',
  '/quiz/:id': 'public',
  '/test-quiz': 'visitors',
  '/simple-quiz': 'visitors',
  '/download-biology': 'public',
  '/exam-dates': 'protected',
} as const satisfies PageTable;

export const CHALLENGE_PAGES = {
  '/challenge/:id': 'public',
  '/c/:token': 'public',
} as const satisfies PageTable;

export const BILLING_PAGES = {
  '/subscribe': 'sign-in-and-return',
  '/subscription': 'sign-in-and-return',
  '/test-payment': 'protected',
  '/payment-status': 'protected',
  '/my-plan': 'protected',
  '/feedback': 'protected',
} as const satisfies PageTable;

export const ADMIN_PAGES = {
  '/admin-login': 'public',
  '/admin-upload': 'protected',
  '/admin-upload-old': 'protected',
  '/admin-revision-settings': 'protected',
  '/admin-feedback': 'protected',
  '/admin-flags': 'protected',
  '/admin-versions': 'protected',
  '/admin-metrics': 'protected',
} as const satisfies PageTable;

export const REMOTE_PAGES = { learn: LEARN_PAGES, challenge: CHALLENGE_PAGES, billing: BILLING_PAGES, admin: ADMIN_PAGES } as const;

export type PageRemote = keyof typeof REMOTE_PAGES;

/** A table's pages as `{ path, access }`, in match order. */
export function pagesOf(table: PageTable): { path: string; access: PageAccess }[] {
  return Object.entries(table).map(([path, access]) => ({ path, access }));
}

/** A remote's routes from its table: every path gets the component given for it (the compiler checks none is missing). */
export function pageRoutes<T extends PageTable, C>(table: T, components: Record<keyof T & string, C>): { path: string; component: C }[] {
  return Object.keys(table).map((path) => ({ path, component: components[path as keyof T & string] }));
}

/** Example URLs for a remote's standalone route index: each path, parameters filled with `demo`. */
export function examplePathsOf(table: PageTable): string[] {
  return Object.keys(table).map((path) => path.replace(/:[^/]+/g, 'demo'));
}
