import type { RouteDef, RoutePage } from '@lp/web-platform';
import { CHALLENGE_PAGES, examplePathsOf, pageRoutes } from '@lp/web-platform/pages';
import { defineRemote, lazyPage } from '@lp/ui/remote';

// Each page is its own chunk, loaded when its route is first opened: the remote's entry carries only this table.
const ChallengePage = lazyPage(() => import('./pages/ChallengePage.tsx'), 'ChallengePage');
const ChallengeLinkPage = lazyPage(() => import('./pages/ChallengeLinkPage.tsx'), 'ChallengeLinkPage');

/** The challenge remote's routes: its page table (`CHALLENGE_PAGES`: paths and access, `@lp/web-platform/pages`) with one component each. */
export const routes: readonly RouteDef<RoutePage>[] = pageRoutes(CHALLENGE_PAGES, {
  '/challenge/:id': ChallengePage,
  '/c/:token': ChallengeLinkPage,
});

/** Example URLs for the standalone page's route index. */
export const examplePaths = examplePathsOf(CHALLENGE_PAGES);

export const remote = defineRemote({ name: 'Challenge', routes, examplePaths });
