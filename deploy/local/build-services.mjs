// Builds the services and the gateway to dist/ (`npm run build:services`); the local stacks build what they start.
// Each slice's own command is `npm run build -w <slice>` (packages/service-kit/build/bundle.mjs); this runs the
// same bundler in-process, once per slice per run, which takes well under a second for all seven.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSlice } from '../../packages/service-kit/build/bundle.mjs';

const repoRoot = join(import.meta.dirname, '..', '..');
export const BACKEND_SLICES = ['svc-identity', 'svc-content', 'svc-study', 'svc-challenge', 'svc-billing', 'svc-feedback', 'gateway'];

/** How a built slice is started (cwd: the slice): the TypeScript lines in stack traces through the source maps. */
export const BUILT_ENTRY = ['--enable-source-maps', 'dist/server.js'];

/** The entries a slice's `npm run build` names after the bundler (default src/server.ts). */
function entriesOf(slice) {
  const script = JSON.parse(readFileSync(join(repoRoot, slice, 'package.json'), 'utf8')).scripts?.build ?? '';
  const entries = script.split(/\s+/).filter((word) => word.endsWith('.ts'));
  return entries.length ? entries : undefined;
}

const built = new Map();

/** Builds each of `slices` once per process (later calls wait for the same build). */
export function buildSlices(slices = BACKEND_SLICES, { log = () => {} } = {}) {
  return Promise.all(slices.map((slice) => {
    if (!built.has(slice)) built.set(slice, bundleSlice(join(repoRoot, slice), entriesOf(slice), { log }));
    return built.get(slice);
  }));
}

/** Builds `slices` again now (a release's new build), whatever this process built before. */
export function rebuildSlices(slices) {
  for (const slice of slices) built.delete(slice);
  return buildSlices(slices);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const asked = process.argv.slice(2);
  await buildSlices(asked.length ? asked : BACKEND_SLICES, { log: console.log });
}
