import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prerender, writePrerendered } from '../build/prerender.ts';
import { dropPrerendered, hasPrerenderedPage, isPrerendered } from '../src/prerender.ts';
import { Link, usePathname } from '../src/router.ts';

const Where = () => <p>at {usePathname()}</p>;

describe('prerendering at build time', () => {
  it('renders the header, footer and each page to static HTML, each page at its own path', () => {
    const out = prerender({
      header: <nav><Link to="/">Home</Link><Where /></nav>,
      footer: <footer>© LearnPlatform</footer>,
      pages: [
        { path: '/', slot: 'shell', element: <h1>Landing</h1>, title: 'LearnPlatform' },
        { path: '/c/:token', slot: 'remote', element: <Where /> },
      ],
    });
    expect(out).toEqual({
      header: '<nav><a href="/">Home</a><p>at /</p></nav>',
      footer: '<footer>© LearnPlatform</footer>',
      pages: [
        { path: '/', slot: 'shell', html: '<h1>Landing</h1>', title: 'LearnPlatform' },
        { path: '/c/:token', slot: 'remote', html: '<p>at /c/token</p>' },
      ],
    });
  });

  it("writes them to the app's dist/prerender.json", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-prerender-'));
    try {
      writePrerendered(dir, { pages: [{ path: '/c/:token', slot: 'remote', element: <p>Loading the challenge…</p> }] });
      expect(JSON.parse(readFileSync(join(dir, 'dist', 'prerender.json'), 'utf8'))).toEqual({
        pages: [{ path: '/c/:token', slot: 'remote', html: '<p>Loading the challenge…</p>' }],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a prerendered page in the browser', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-lp-prerendered');
    document.body.innerHTML = '';
  });

  it("tells a prerendered document and a remote page's HTML apart, and drops the page", () => {
    expect(isPrerendered()).toBe(false);
    expect(hasPrerenderedPage()).toBe(false);
    document.documentElement.setAttribute('data-lp-prerendered', '');
    document.body.innerHTML = '<main><div id="lp-prerendered"><h1>You have been challenged</h1></div></main>';
    expect(isPrerendered()).toBe(true);
    expect(hasPrerenderedPage()).toBe(true);
    dropPrerendered();
    expect(hasPrerenderedPage()).toBe(false);
    expect(document.querySelector('main')?.innerHTML).toBe('');
    dropPrerendered(); // twice is harmless
  });
});
