/**
 * `version.json` in every app's dist (issue 28 §1): `{ name, version, commit }`, the app's package.json version
 * plus the commit (LP_COMMIT in image builds, else git). A remote's sits beside its `mf-manifest.json`, so the
 * owner's diagnostics page reads it with one small fetch next to the manifest URL; the shell's is `/version.json`.
 * Nothing loads it on a visitor's page. The release script (deploy/release/remote.mjs) names the published folder
 * after it.
 */
import type { Compiler, RspackPluginInstance } from '@rspack/core';
// A sibling package's file by path, not by name: the front-end image copies packages/ but links only the app's
// own dependencies, and this one module (node built-ins only) is all of the service kit the build needs.
import { readSliceVersion } from '../../service-kit/src/version.ts';

export const VERSION_FILE = 'version.json';

export class VersionFilePlugin implements RspackPluginInstance {
  constructor(private readonly appDir: string) {}

  apply(compiler: Compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('LpVersionFile', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'LpVersionFile', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(VERSION_FILE, new RawSource(`${JSON.stringify(readSliceVersion(this.appDir))}\n`));
      });
    });
  }
}
