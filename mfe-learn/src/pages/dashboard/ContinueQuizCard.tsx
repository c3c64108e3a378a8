import { lazy, Suspense } from 'react';
import { useQuizToContinue } from '../../api/index.ts';

// Most dashboards have nothing to continue: the card's code is fetched only when there is (dashboard byte budget).
const ContinueQuizPanel = lazy(() => import('./ContinueQuizPanel.tsx').then((m) => ({ default: m.ContinueQuizPanel })));

/**
 * The top of a signed-in learner's dashboard (issue 31 §6): the quiz they paused, or left without pausing (a header
 * link, a closed tab), with how far they got and one tap to continue or discard it. Renders nothing without one.
 */
export function ContinueQuizCard() {
  const session = useQuizToContinue().data ?? null;
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <ContinueQuizPanel session={session} />
    </Suspense>
  );
}
