/**
 * `sw.js` in the host's dist (issue 33 §2): the shell's service worker, a plain script (no bundler, no federation
 * runtime), with the list of the shell's built scripts and styles written in above it, so an install caches them
 * all. The remotes' files are not listed here: each remote is built on its own, and the worker reads them from the
 * remotes' `mf-manifest.json` when it installs. The build id changes with the files, so a new shell build is a new
 * worker (and a fresh cache); `sw.js` itself has no hash in its name and is served `no-cache` (gateway/src/static.ts).
 * The template may import declarations from its own folder (`import { a } from './rules.js';`, a pure module the
 * tests import): each such line is replaced by that module with its `export` keywords dropped, so the worker stays
 * a classic script (module service workers are not in every browser a learner may have).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

export const SERVICE_WORKER_FILE = 'sw.js';
/** What the worker caches of the shell: its hashed scripts and styles (not maps, not the precompressed copies). */
const CACHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|css)$/;

const LOCAL_IMPORT = /^import\s*\{[^}]*\}\s*from\s*'(\.\/[\w.-]+\.js)';[ \t]*$/gm;

/** `template` with its local imports inlined (`readModule` gives a module's text by its `./name.js`). */
export function inlineLocalImports(template: string, readModule: (specifier: string) => string): string {
  const script = template.replace(LOCAL_IMPORT, (_line, specifier: string) => {
    const source = readModule(specifier).replace(/^export (?=(?:async )?function |const |let |class )/gm, '');
    if (/^\s*(?:import|export)\b/m.test(source)) throw new Error(`${specifier}: only \`export\` declarations and no imports can be inlined into the service worker`);
    return source;
  });
  if (/^\s*(?:import|export)\b/m.test(script)) throw new Error('the service worker has an import or export the build cannot inline');
  return script;
}

export function serviceWorkerSource(template: string, assetNames: readonly string[]): string {
  const files = assetNames.filter((name) => CACHED_ASSET.test(name)).sort().map((name) => `/${name}`);
  const buildId = createHash('sha256').update(files.join('\n')).update(template).digest('hex').slice(0, 12);
  return `self.__LP_SHELL_FILES = ${JSON.stringify(files)};\nself.__LP_BUILD_ID = '${buildId}';\n${template}`;
}

export class ServiceWorkerPlugin implements RspackPluginInstance {
  constructor(private readonly templatePath: string) {}

  apply(compiler: Compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('LpServiceWorker', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'LpServiceWorker', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const names = compilation.getAssets().map((asset) => asset.name);
        const template = inlineLocalImports(readFileSync(this.templatePath, 'utf8'), (specifier) => readFileSync(path.join(path.dirname(this.templatePath), specifier), 'utf8'));
        compilation.emitAsset(SERVICE_WORKER_FILE, new RawSource(serviceWorkerSource(template, names)));
      });
    });
  }
}
