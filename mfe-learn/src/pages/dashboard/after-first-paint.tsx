/**
 * Work kept out of the dashboard's first commit (issue 32 §3, blocking time): false on the first render, true from a
 * transition started once that commit is done, which React renders as a later task of its own.
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => startTransition(() => setPainted(true)), []);
  return painted;
}

/**
 * Its children, drawn after the first commit: for panels below the fold that show nothing until their answer has
 * come, so that their queries start in a task of their own rather than in the first commit's (one passive-effects
 * task had started the page's ~10 fetches at once).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
