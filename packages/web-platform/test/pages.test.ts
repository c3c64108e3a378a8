import { describe, expect, it } from 'vitest';
import { REMOTE_PAGES, examplePathsOf, pageRoutes, type PageEntry } from '../src/pages.ts';

describe('the page tables', () => {
  it("bind one component to each of a remote's paths, in table order (first match wins)", () => {
    const routes = pageRoutes('challenge', { '/challenge/:id': 'ChallengePage', '/c/:token': 'ChallengeLinkPage' });
    expect(routes).toEqual([
      { path: '/challenge/:id', component: 'ChallengePage' },
      { path: '/c/:token', component: 'ChallengeLinkPage' },
    ]);
    expect(pageRoutes('learn', Object.fromEntries(REMOTE_PAGES.learn.map((p) => [p.path, 1])) as Record<string, number>).map((r) => r.path).slice(2, 4))
      .toEqual(['/quiz/chapter/:chapterId', '/quiz/:id']);
  });

  it('give the standalone index an example URL for every path with parameters', () => {
    expect(examplePathsOf('challenge')).toEqual(['/challenge/demo', '/c/demo-token']);
    for (const pages of Object.values(REMOTE_PAGES) as (readonly PageEntry[])[]) {
      for (const url of pages.map((p) => p.example ?? p.path)) expect(url).not.toContain(':');
    }
  });

  it('list each path once across all remotes', () => {
    const paths = (Object.values(REMOTE_PAGES) as (readonly PageEntry[])[]).flatMap((pages) => pages.map((p) => p.path));
    expect(new Set(paths).size).toBe(paths.length);
  });
});
