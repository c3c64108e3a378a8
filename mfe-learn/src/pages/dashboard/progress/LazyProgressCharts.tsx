/**
 * The progress charts, fetched after the dashboard's first paint: their code is its own chunk (the dashboard's
 * JavaScript budget, issue 32 §3), asked for once the page is on screen. The room they take is held meanwhile.
 */
import { Suspense, lazy, memo } from 'react';
import type { SubjectWithChapters } from '@lp/contracts';
import { Skeleton } from '@lp/ui';
import { useAfterFirstPaint } from '../after-first-paint.tsx';

const ProgressCharts = lazy(() => import('./ProgressCharts.tsx').then((m) => ({ default: m.ProgressCharts })));
const NONE: readonly SubjectWithChapters[] = [];

/** `subjects`: the dashboard's shown subjects (the chosen one, else all); the recall charts are theirs. */
export const LazyProgressCharts = memo(function LazyProgressCharts({ subjects = NONE, className = null }: {
  subjects?: readonly SubjectWithChapters[];
  className?: string | null;
}) {
  // A transition: React renders the charts in slices between the page's own work, not as one long task (TBT).
  const painted = useAfterFirstPaint();
  const held = <Skeleton className="lp-progress-charts--loading" height="24rem" />;
  return painted ? <Suspense fallback={held}><ProgressCharts subjects={subjects} className={className} /></Suspense> : held;
});
