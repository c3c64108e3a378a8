/**
 * The shell's first paint without a second round trip: `index.html` loads only `main.js`, which then imports the
 * bootstrap chunk and the shared modules it consumes (React, the platform, the UI kit, the shell's styles), each
 * only once main.js has arrived and run. This plugin adds `<link rel="preload">` for those chunks to the page's
 * head, so a phone fetches them alongside main.js (the styles as a stylesheet link, applied before the first paint). Which chunks: those holding any of `modules` (resource paths
 * ending so), e.g. the shell's `src/bootstrap.tsx` and `packages/ui/src/index.ts`, and the chunks named in `names`.
 */
import { rspack, type Compilation, type Compiler, type RspackPluginInstance } from '@rspack/core';

export class PreloadFirstPaintPlugin implements RspackPluginInstance {
  constructor(private readonly options: { modules: readonly string[]; names: readonly string[] }) {}

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('LpPreloadFirstPaint', (compilation: Compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('LpPreloadFirstPaint', async (data) => {
        const files = new Set<string>();
        for (const chunk of compilation.chunks) {
          const named = chunk.name !== undefined && this.options.names.includes(chunk.name);
          // A concatenated module names its parts in `modules`.
          const holds = !named && compilation.chunkGraph.getChunkModules(chunk).flatMap((m) => (m as { modules?: unknown[] }).modules ?? [m]).some((m) => {
            const resource = (m as { resource?: string }).resource?.replace(/\\/g, '/');
            return !!resource && this.options.modules.some((suffix) => resource.endsWith(suffix));
          });
          if (named || holds) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
        }
        const publicPath = data.publicPath ?? '/';
        for (const file of [...files].sort()) {
          data.assetTags.styles.push({
            tagName: 'link',
            voidTag: true,
            // Styles as stylesheets, not preloads: a prerendered page (gateway/src/prerendered.ts) paints before any
            // script has run, and must paint styled. The CSS chunk loader finds the link and does not add another.
            attributes: file.endsWith('.css') ? { rel: 'stylesheet', href: `${publicPath}${file}` } : { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
          } as (typeof data.assetTags.styles)[number]);
        }
        return data;
      });
    });
  }
}
