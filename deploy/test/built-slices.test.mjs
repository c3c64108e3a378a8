// Issue 28 §1: services and the gateway run built JavaScript (dist/), in `npm start`, the test stacks and the images.
// What the image needs from a build: no workspace sources at run time (the @lp/* packages are compiled in, the image
// drops their links), no TypeScript, and every npm package the code imports installed by the image's
// `npm ci --omit=dev -w <slice>`, i.e. declared as a production dependency of the slice or of a package it uses.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKEND_SLICES, buildSlices } from '../local/build-services.mjs';
import { repoRoot, workspaces } from '../ci/workspaces.mjs';

const dirOfPackage = new Map(workspaces().map((w) => [w.name, w.dir]));
const manifest = (dir) => JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8'));

/** The npm packages `npm ci --omit=dev -w <dir>` installs by name: its dependencies, following workspace links. */
function productionClosure(dir, seen = new Set()) {
  const names = new Set();
  for (const name of Object.keys(manifest(dir).dependencies ?? {})) {
    if (!dirOfPackage.has(name)) names.add(name);
    else if (!seen.has(name)) {
      seen.add(name);
      for (const inner of productionClosure(dirOfPackage.get(name), seen)) names.add(inner);
    }
  }
  return names;
}

/** The package names the built files import (`@scope/name` or `name`), with the specifiers as written (no whitespace: a schema description ending in "from" is not an import). */
function importsOf(files) {
  const specifiers = new Set();
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport\(?)\s*["']([^"'\s]+)["']/g)) specifiers.add(spec);
  }
  return [...specifiers];
}

/** What loading `file` loads before any of its code runs: its static imports, followed through the bundle's chunks. */
function staticallyLoaded(file, seen = new Set()) {
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^import\s+(?:[^"'(]*?\bfrom\s+)?["']([^"']+)["']/gm)) {
    const key = spec.startsWith('.') ? join(dirname(file), spec) : spec;
    if (seen.has(key)) continue;
    seen.add(key);
    if (spec.startsWith('.')) staticallyLoaded(key, seen);
  }
  return seen;
}

let builds;
beforeAll(async () => {
  builds = Object.fromEntries(BACKEND_SLICES.map((slice, i) => [slice, i]));
  const results = await buildSlices(BACKEND_SLICES);
  for (const slice of BACKEND_SLICES) builds[slice] = results[builds[slice]];
});

describe('the built services and gateway', () => {
  it.each(BACKEND_SLICES)('%s builds to dist/server.js with source maps', (slice) => {
    const files = builds[slice].files.map((f) => f.slice(join(repoRoot, slice).length + 1));
    expect(files).toContain('dist/server.js');
    expect(files).toContain('dist/server.js.map');
    expect(manifest(slice).scripts.start).toBe('node --enable-source-maps dist/server.js');
  });

  it.each(BACKEND_SLICES)('%s imports no workspace source and no TypeScript at run time', (slice) => {
    const specifiers = importsOf(builds[slice].files);
    expect(specifiers.filter((s) => s.startsWith('@lp/') || s === 'tsx' || s.startsWith('tsx/') || /\.tsx?$/.test(s))).toEqual([]);
  });

  it.each(BACKEND_SLICES)('%s imports only packages its production install provides', (slice) => {
    const installed = productionClosure(slice);
    const packages = importsOf(builds[slice].files)
      .filter((s) => !s.startsWith('node:') && !s.startsWith('.'))
      .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]));
    expect([...new Set(packages)].filter((name) => !installed.has(name))).toEqual([]);
    expect(packages).toContain('fastify');
  });

  it.each(BACKEND_SLICES.filter((s) => s.startsWith('svc-')))('%s starts telemetry before the database driver loads (its spans need the driver patched)', (slice) => {
    const loaded = [...staticallyLoaded(join(repoRoot, slice, 'dist', 'server.js'))];
    expect(loaded.filter((spec) => /^(mongoose|mongodb|fastify)$/.test(spec))).toEqual([]);
    expect(loaded).toContain('@opentelemetry/sdk-node');
  });

  it('svc-content carries its PDF reader worker as its own entry beside the server', () => {
    expect(builds['svc-content'].files).toContain(join(repoRoot, 'svc-content', 'dist', 'pdf-text-worker.js'));
  });
});
