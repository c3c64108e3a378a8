/**
 * The chrome's first paint with an answer from the auth check. On a page that did not come prerendered (a signed-in
 * learner's), that paint is the header and the AI banner, the page's largest: the remote's files wait for it rather
 * than share a phone's bandwidth with the shell's own during the auth check (issue 16: the dashboard's LCP).
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';

let resolve: () => void = () => {};
let marked = false;
let painted = false;
export const chromePainted = new Promise<void>((r) => {
  resolve = r;
}).then(() => {
  painted = true;
});

/** Chrome calls this once it has committed with an auth answer: settles after the browser has painted that. */
export function markChromePainted() {
  if (marked) return;
  marked = true;
  // After the next frame; a background tab draws no frames, so a short timer settles it there.
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
}

/** False until the chrome has painted. */
function useChromePainted(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    let live = true;
    void chromePainted.then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}

/**
 * A part of the chrome that loads code of its own (the account menus, the disclaimer gate): its placeholder until
 * the chrome has painted, so its files are not fetched ahead of that paint either; then the lazy part, with the
 * same placeholder while its code loads.
 */
export function AfterChromePaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useChromePainted() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
