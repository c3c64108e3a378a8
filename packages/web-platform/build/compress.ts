/**
 * Precompression at build time: beside every text asset an app emits (scripts, styles, HTML, manifests) this
 * writes `<file>.br` (brotli, maximum quality) and `<file>.gz` (gzip level 9). The gateway serves them by the
 * request's Accept-Encoding (with `Vary: Accept-Encoding`), so a phone downloads about a quarter of the bytes
 * and the server spends no CPU compressing per request. Source maps are not compressed (developers only).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text the browser fetches. */
export const COMPRESSIBLE = /\.(?:m?js|css|html|json|svg|txt)$/;
/** Below this a compressed copy saves less than its own headers. */
const MIN_BYTES = 256;

export async function compressFile(file: string): Promise<void> {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
}

export class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('LpPrecompress', async (compilation) => {
      const out = compilation.outputOptions.path ?? compiler.options.output.path!;
      const names = compilation.getAssets().map((asset) => asset.name).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(names.map((name) => compressFile(path.join(out, name))));
    });
  }
}
