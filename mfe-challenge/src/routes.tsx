import type { RouteDef, RoutePage } from '@lp/web-platform';
import { ChallengeLinkPage } from './pages/ChallengeLinkPage.tsx';
import { ChallengePage } from './pages/ChallengePage.tsx';

/** The challenge remote's routes (ARCHITECTURE.md route table), first match wins. */
export const routes: readonly RouteDef<RoutePage>[] = [
  { path: '/challenge/:id', component: ChallengePage },
  { path: '/c/:token', component: ChallengeLinkPage },
];

/** Example URLs for the standalone page's route index. */
export const examplePaths = ['/challenge/demo', '/c/demo-token'];
