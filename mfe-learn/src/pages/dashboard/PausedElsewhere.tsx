import { lazy, Suspense } from 'react';
import type { QuizSession } from '@lp/contracts';
// Loaded with every card: a button that stays disabled there (Review Mistakes) is readable whether or not a quiz is paused.
import './readable-disabled.css';

// Shown only while a quiz is paused: its code is fetched then, not with every dashboard (byte budget).
const PausedElsewhereNotice = lazy(() => import('./PausedElsewhereNotice.tsx').then((m) => ({ default: m.PausedElsewhereNotice })));

/**
 * In place of a chapter card's start buttons while a quiz of another chapter is paused (issue 31 §7): which quiz
 * waits, with Continue it and Discard it (`PausedElsewhereNotice.tsx`).
 */
export function PausedElsewhere(props: { session: QuizSession; chapterName: string }) {
  return (
    <Suspense fallback={null}>
      <PausedElsewhereNotice {...props} />
    </Suspense>
  );
}
