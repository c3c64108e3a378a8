import { lazy, Suspense } from 'react';
import { PageFrame, Spinner } from '@lp/ui';
import type { PathParams, RouteDef, RoutePage } from '@lp/web-platform';
import { heading } from './heading.ts';
import { ChallengeLinkPage } from './pages/ChallengeLinkPage.tsx';

// The signed-in challenge page is a chunk of its own: a guest on /c/{token} never downloads it.
const ChallengePageChunk = lazy(() => import('./pages/ChallengePage.tsx').then((m) => ({ default: m.ChallengePage })));

function ChallengePage({ params }: { params: PathParams }) {
  return (
    <Suspense fallback={<PageFrame title={heading('Challenge')} width="narrow"><Spinner /></PageFrame>}>
      <ChallengePageChunk params={params} />
    </Suspense>
  );
}

/** The challenge remote's routes (ARCHITECTURE.md route table), first match wins. */
export const routes: readonly RouteDef<RoutePage>[] = [
  { path: '/challenge/:id', component: ChallengePage },
  { path: '/challenge', component: ChallengePage },
  { path: '/c/:token', component: ChallengeLinkPage },
];

/** Example URLs for the standalone page's route index. */
export const examplePaths = ['/challenge/demo', '/c/demo-token'];
