/**
 * Source maps are not public (issue 26 §7): production builds write hidden maps (no `sourceMappingURL` comment)
 * outside the served `dist` (`<app>/source-maps/`, kept for the operator to decode a reported stack trace), and the
 * gateway answers 404 for any `*.map` outside development. Checked on the build `npm test` makes and the stack it runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, repoRoot } from './support/browser';

const APPS = [
  { folder: 'shell', served: '/' },
  { folder: 'mfe-learn', served: '/remotes/learn/' },
  { folder: 'mfe-challenge', served: '/remotes/challenge/' },
  { folder: 'mfe-billing', served: '/remotes/billing/' },
  { folder: 'mfe-admin', served: '/remotes/admin/' },
] as const;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('source maps', () => {
  it.each(APPS)('$folder: none in dist, no sourceMappingURL in its code, kept beside it for the operator', ({ folder }) => {
    const dist = path.join(repoRoot, folder, 'dist');
    const files = filesUnder(dist);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const linking = files.filter((f) => /\.(?:m?js|css)$/.test(f) && readFileSync(path.join(dist, f), 'utf8').includes('sourceMappingURL='));
    expect(linking).toEqual([]);
    const kept = path.join(repoRoot, folder, 'source-maps');
    expect(existsSync(kept) && filesUnder(kept).some((f) => f.endsWith('.js.map'))).toBe(true);
  });

  it('answers 404 through the gateway for the map of each served script', async () => {
    const statuses: string[] = [];
    for (const { folder, served } of APPS) {
      const kept = filesUnder(path.join(repoRoot, folder, 'source-maps')).filter((f) => f.endsWith('.js.map')).slice(0, 3);
      for (const map of kept) {
        const res = await fetch(new URL(`${served}${map}`, baseUrl()));
        await res.arrayBuffer();
        statuses.push(`${served}${map} ${res.status}`);
      }
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => !s.endsWith(' 404'))).toEqual([]);
  });
});
