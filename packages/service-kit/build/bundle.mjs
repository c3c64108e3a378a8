#!/usr/bin/env node
// Builds a service (or the gateway) to plain JavaScript in `dist/`: `npm run build -w <slice>`.
//
//   node ../packages/service-kit/build/bundle.mjs [entry.ts ...]   (default: src/server.ts; run in the slice's folder)
//
// One ES module per entry (plus shared chunks), with the workspace packages (`@lp/*`, TypeScript sources) bundled in
// and every npm dependency left as an import, resolved from node_modules at run time as before: the image installs
// the slice's production dependencies, and instrumentations that patch modules as they load keep working. Dynamic
// imports stay separate chunks (`splitting`), so a server that starts telemetry before importing the rest keeps that
// order. Source maps sit beside the code; `node --enable-source-maps` puts the TypeScript lines in stack traces.
import { build } from 'esbuild';
import { Buffer } from 'node:buffer';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

/** Workspace packages are TypeScript sources, so they are compiled in; anything else bare is a node_modules import. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@lp/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Builds `entries` of the slice in `dir` into `dir/dist`. Files are replaced one by one (write, then rename) and only
 * when their bytes change, and files the build no longer makes are removed after: several test stacks build the
 * same slice at once, and a process already starting from dist/ never reads a half-written file.
 */
export async function bundleSlice(dir, entries = ['src/server.ts'], { log = console.log } = {}) {
  const outdir = join(resolve(dir), 'dist');
  const started = performance.now();
  const result = await build({
    absWorkingDir: resolve(dir),
    entryPoints: entries,
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Names stay readable in logs, profiles and stack traces; the code is not shipped to browsers.
    minify: false,
    keepNames: true,
    plugins: [dependenciesStayExternal],
    write: false,
    logLevel: 'warning',
  });
  // `type: module` is the slice's already; this marker keeps dist/ loadable as ESM when copied on its own.
  const files = [...result.outputFiles.map((f) => ({ path: f.path, bytes: f.contents })), { path: join(outdir, 'package.json'), bytes: Buffer.from('{ "type": "module" }\n') }];
  for (const { path, bytes } of files) {
    if (existsSync(path) && readFileSync(path).equals(bytes)) continue;
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  }
  const made = new Set(files.map((f) => f.path));
  for (const entry of readdirSync(outdir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !made.has(path) && !path.endsWith('.tmp')) rmSync(path, { force: true });
  }
  const bytes = files.filter((f) => f.path.endsWith('.js')).reduce((n, f) => n + f.bytes.length, 0);
  log(`built ${basename(resolve(dir))}: ${entries.join(', ')} → dist/ (${(bytes / 1024).toFixed(0)} KiB of JS) in ${Math.round(performance.now() - started)} ms`);
  return { files: files.map((f) => f.path), bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const entries = process.argv.slice(2);
  await bundleSlice(process.cwd(), entries.length ? entries : undefined);
}
