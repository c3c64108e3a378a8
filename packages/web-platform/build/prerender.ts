/**
 * Prerendering at build time (`src/prerender.ts` says how the page takes over). An app lists the pages a visitor
 * may open before any script has run, as React elements; this renders them to static HTML once, after the
 * bundle is built, into `dist/prerender.json`. The gateway puts that HTML into `index.html` for a visitor (a
 * browser without a sign-in) and sends it; nothing is rendered per request.
 *
 *   // <app>/scripts/prerender.tsx, run by the app's `build` script:
 *   //   node --import tsx --import @lp/web-platform/build/ignore-styles scripts/prerender.tsx
 *   writePrerendered(appDir, { pages: [{ path: '/c/:token', slot: 'remote', element: <ChallengeLinkPage params={{}} /> }] });
 *
 * A page must render on its own without data: what it shows while loading is what a phone paints first. The
 * shell also gives the visitor's header and footer, shared by every prerendered page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { setServerPathname } from '@lp/web-platform';

export interface PrerenderPage {
  /** The route, as the gateway matches it: `/`, `/c/:token` (a parameter matches one path segment). */
  path: string;
  /** `shell`: the shell's own page slot; `remote`: `<div id="lp-prerendered">` in `<main>`, until the remote's page renders. */
  slot: 'shell' | 'remote';
  element: ReactElement;
  /** The document title the page sets once it runs, so the tab does not change name. */
  title?: string;
}

export interface PrerenderInput {
  /** The visitor's header and footer (the shell's). */
  header?: ReactElement;
  footer?: ReactElement;
  pages: readonly PrerenderPage[];
}

/** What `dist/prerender.json` holds: HTML fragments the gateway composes into `index.html`. */
export interface PrerenderOutput {
  header?: string;
  footer?: string;
  pages: { path: string; slot: 'shell' | 'remote'; html: string; title?: string }[];
}

/** A path that would render for `pattern` (`/c/:token` → `/c/token`), for the links that mark the current page. */
const samplePath = (pattern: string) => pattern.replace(/:(\w+)/g, '$1');

function render(element: ReactElement, at: string): string {
  setServerPathname(at);
  return renderToStaticMarkup(element);
}

export function prerender({ header, footer, pages }: PrerenderInput): PrerenderOutput {
  return {
    ...(header ? { header: render(header, '/') } : {}),
    ...(footer ? { footer: render(footer, '/') } : {}),
    pages: pages.map(({ path: route, slot, element, title }) => ({ path: route, slot, html: render(element, samplePath(route)), ...(title ? { title } : {}) })),
  };
}

/** Renders `input` and writes `<appDir>/dist/prerender.json`. */
export function writePrerendered(appDir: string, input: PrerenderInput): PrerenderOutput {
  const output = prerender(input);
  const dist = path.join(appDir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'prerender.json'), `${JSON.stringify(output, null, 1)}\n`);
  const sizes = output.pages.map((p) => `${p.path} ${(p.html.length / 1024).toFixed(1)} KiB`).join(', ');
  console.log(`[prerender] ${path.basename(path.resolve(appDir))}: ${sizes}`);
  return output;
}
