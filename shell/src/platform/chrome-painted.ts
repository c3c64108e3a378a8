/**
 * The chrome's first paint with an answer from the auth check. On a page that did not come prerendered (a signed-in
 * learner's), that paint is the header and the AI banner, the page's largest: the remote's files wait for it rather
 * than share a phone's bandwidth with the shell's own during the auth check (issue 16: the dashboard's LCP).
 */
import { useEffect, useState } from 'react';

let resolve: () => void = () => {};
let painted = false;
export const chromePainted = new Promise<void>((r) => {
  resolve = r;
}).then(() => {
  painted = true;
});

/** Chrome calls this once it has committed with an auth answer: settles after the browser has painted that. */
export function markChromePainted() {
  // After the next frame; a background tab draws no frames, so a short timer settles it there.
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
}

/**
 * False until the chrome has painted: parts of it that load code of their own (the account menus, the disclaimer
 * gate) show their placeholders until then, so their files are not fetched ahead of that paint either.
 */
export function useChromePainted(): boolean {
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
