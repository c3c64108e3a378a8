/**
 * Prerendered pages: for a visitor the gateway sends the landing page and a guest's challenge link as HTML made at
 * build time (`build/prerender.ts`), so a phone paints them before any script has run. The page says so with
 * `<html data-lp-prerendered>`. The shell's own page sits in its usual slots; a remote's page sits in
 * `<div id="lp-prerendered">` inside `<main>` until the remote's page has rendered in its place (`RemoteRoot`), in the
 * same task, so nothing blinks or moves.
 */
export const PRERENDERED_ATTRIBUTE = 'data-lp-prerendered';
/** The element holding a remote page's prerendered HTML. */
export const PRERENDERED_ID = 'lp-prerendered';

/** The document came prerendered from the gateway (the shell's start-up asks, before it renders anything). */
export function isPrerendered(doc: Document = document): boolean {
  return doc.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE);
}

/** A remote page's prerendered HTML is still on screen. */
export function hasPrerenderedPage(doc: Document = document): boolean {
  return doc.getElementById(PRERENDERED_ID) !== null;
}

/** The app now shows the page itself: drop the prerendered remote page. */
export function dropPrerendered(doc: Document = document): void {
  doc.getElementById(PRERENDERED_ID)?.remove();
}
