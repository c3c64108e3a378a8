import { describe, expect, it } from 'vitest';
import { CHALLENGE_PAGES, LEARN_PAGES, REMOTE_PAGES, examplePathsOf, pageRoutes, pagesOf } from '../src/pages.ts';

describe('the page tables', () => {
  it("bind one component to each of a remote's paths, in table order (first match wins)", () => {
    const routes = pageRoutes(CHALLENGE_PAGES, { '/challenge/:id': 'ChallengePage', '/c/:token': 'ChallengeLinkPage' });
    expect(routes).toEqual([
      { path: '/challenge/:id', component: 'ChallengePage' },
      { path: '/c/:token', component: 'ChallengeLinkPage' },
    ]);
    expect(pageRoutes(LEARN_PAGES, Object.fromEntries(pagesOf(LEARN_PAGES).map((p) => [p.path, 1])) as Record<keyof typeof LEARN_PAGES, number>).map((r) => r.path).slice(2, 4))
      .toEqual(['/quiz/chapter/:chapterId', '/quiz/:id']);
  });

  it('give the standalone index an example URL for every path with parameters', () => {
    expect(examplePathsOf(CHALLENGE_PAGES)).toEqual(['/challenge/demo', '/c/demo']);
    expect(examplePathsOf(LEARN_PAGES)).toContain('/quiz/chapter/demo');
  });

  it('list each path once across all remotes', () => {
    const paths = Object.values(REMOTE_PAGES).flatMap((table) => pagesOf(table).map((p) => p.path));
    expect(new Set(paths).size).toBe(paths.length);
  });
});
