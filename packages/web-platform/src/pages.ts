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

export interface PageEntry {
  readonly path: string;
  readonly access: PageAccess;
  /** A URL for the standalone page's route index when `path` has parameters. */
  readonly example?: string;
}

export const REMOTE_PAGES = {
  learn: [
    { path: '/dashboard', access: 'public' },
    { path: '/topic/:id', access: 'protected', example: '/topic/demo' },
    { path: '/quiz/chapter/:chapterId', access: 'public', example: '/quiz/chapter/demo' },
    { path: '/quiz/:id', access: 'public', example: '/quiz/demo' },
    { path: '/test-quiz', access: 'visitors' },
    { path: '/simple-quiz', access: 'visitors' },
    { path: '/download-biology', access: 'public' },
  ],
  challenge: [
    { path: '/challenge/:id', access: 'public', example: '/challenge/demo' },
    { path: '/c/:token', access: 'public', example: '/c/demo-token' },
  ],
  billing: [
    { path: '/subscribe', access: 'sign-in-and-return' },
    { path: '/subscription', access: 'sign-in-and-return' },
    { path: '/test-payment', access: 'protected' },
    { path: '/payment-status', access: 'protected' },
    { path: '/feedback', access: 'protected' },
  ],
  admin: [
    { path: '/admin-login', access: 'public' },
    { path: '/admin-upload', access: 'protected' },
    { path: '/admin-upload-old', access: 'protected' },
    { path: '/admin-revision-settings', access: 'protected' },
    { path: '/admin-feedback', access: 'protected' },
  ],
} as const satisfies Record<string, readonly PageEntry[]>;

export type PageRemote = keyof typeof REMOTE_PAGES;
export type PagePath<R extends PageRemote> = (typeof REMOTE_PAGES)[R][number]['path'];

/** A remote's routes from its table: every path gets the component given for it (the compiler checks none is missing). */
export function pageRoutes<R extends PageRemote, C>(remote: R, components: Record<PagePath<R>, C>): { path: string; component: C }[] {
  return REMOTE_PAGES[remote].map(({ path }) => ({ path, component: components[path as PagePath<R>] }));
}

/** Example URLs for a remote's standalone route index: each path, or its example when it has parameters. */
export function examplePathsOf(remote: PageRemote): string[] {
  return (REMOTE_PAGES[remote] as readonly PageEntry[]).map((page) => page.example ?? page.path);
}
