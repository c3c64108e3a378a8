import type { RouteDef, RoutePage } from '@lp/web-platform';
import { defineRemote, lazyPage } from '@lp/ui/remote';

// Each page is its own chunk, loaded when its route is first opened: the remote's entry carries only this table.
const ChallengePage = lazyPage(() => import('./pages/ChallengePage.tsx'), 'ChallengePage');
const ChallengeLinkPage = lazyPage(() => import('./pages/ChallengeLinkPage.tsx'), 'ChallengeLinkPage');

/** The challenge remote's routes (ARCHITECTURE.md route table), first match wins. */
export const routes: readonly RouteDef<RoutePage>[] = [
  { path: '/challenge/:id', component: ChallengePage },
  { path: '/challenge', component: ChallengePage },
  { path: '/c/:token', component: ChallengeLinkPage },
];

/** Example URLs for the standalone page's route index. */
export const examplePaths = ['/challenge/demo', '/c/demo-token'];

export const remote = defineRemote({ name: 'Challenge', routes, examplePaths });
