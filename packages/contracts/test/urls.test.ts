import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gatewayRoutes, routes, urlOf as urlOfFromIndex } from '../src/index';
import * as urls from '../src/urls';
import { urlsSource } from '../scripts/write-urls';

describe('the schema-free route table (@lp/contracts/urls)', () => {
  it('is what the script writes from the contracts today (run scripts/write-urls.ts after changing a route)', () => {
    expect(readFileSync(new URL('../src/urls.ts', import.meta.url), 'utf8')).toBe(urlsSource());
  });

  it("has every public route (the services' and the gateway's own) with the same method and URL as its contract", () => {
    const table = (Object.values(urls) as unknown[]).filter((value): value is { method: string; url: string } => typeof value === 'object');
    expect(table.map(({ method, url }) => `${method} ${url}`).sort()).toEqual([...routes, ...gatewayRoutes].map(({ method, url }) => `${method} ${url}`).sort());
  });

  it('builds the same URLs from a table entry as from the full contract', () => {
    expect(urls.urlOf(urls.GetChallengeByToken, { token: 'a b/c' })).toBe('/api/challenges/token/a%20b%2Fc');
    expect(urls.urlOf(urls.SearchUsers, undefined, { email: 'x@y.in' })).toBe(urlOfFromIndex(routes.find((r) => r.url === '/api/users/search')!, undefined, { email: 'x@y.in' }));
  });

  it('imports nothing at run time but url.ts (no TypeBox on a page that only calls routes)', () => {
    const runtimeImports = (file: string) =>
      [...readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8').matchAll(/^(?:import|export) (?!type )[^;]*from '([^']+)'/gm)].map((m) => m[1]);
    expect(runtimeImports('urls.ts')).toEqual(['./url']);
    expect(runtimeImports('url.ts')).toEqual([]);
  });
});
