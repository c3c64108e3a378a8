/**
 * One rspack + Module Federation configuration for the shell (host) and the four remotes, so
 * every app shares the same singletons, loaders and output naming. Used from each app's
 * `rspack.config.ts`: `export default appConfig({ kind: 'remote', name: 'learn', ... })`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The page a remote serves when opened on its own; an app with its own index.html (the shell) uses that. */
const REMOTE_INDEX = fileURLToPath(new URL('./remote-index.html', import.meta.url));
/** The shell's runtime plugin that hands its federation SDK to the remotes (see provide-sdk.ts). */
const PROVIDE_SDK = fileURLToPath(new URL('./provide-sdk.ts', import.meta.url));
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './compress.ts';
import { PreloadFirstPaintPlugin } from './preload.ts';
import { ServiceWorkerPlugin } from './service-worker.ts';
import { VersionFilePlugin } from './version-file.ts';

/**
 * Shared as singletons by every app. Deep imports are listed on purpose: the `react-dom` key
 * does not cover `react-dom/client`, and without it each remote shipped its own react-dom.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  '@tanstack/react-query',
  '@lp/web-platform',
  '@lp/web-platform/query',
  '@lp/web-platform/i18n',
  '@lp/ui',
  '@lp/ui/select',
  '@lp/ui/dropdown-menu',
] as const;

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** `react-dom/client` → `react-dom`, `@scope/pkg/sub` → `@scope/pkg`. */
export function packageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export function sharedSingletons(pkg: PackageJson) {
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((request) => {
      const requiredVersion = deps[packageOf(request)];
      if (!requiredVersion) throw new Error(`${pkg.name}: shared module ${request} is not a dependency in package.json`);
      return [request, { singleton: true, requiredVersion }];
    }),
  );
}

/** Where a production build writes its source maps: beside the app's `dist`, outside what is served. */
export const SOURCE_MAPS_DIR = 'source-maps';

function cleanSourceMaps(folder: string): RspackPluginInstance {
  return { apply: (compiler) => compiler.hooks.beforeRun.tapPromise('LpCleanSourceMaps', () => rm(folder, { recursive: true, force: true })) };
}

export interface AppOptions {
  /** `host` for the shell, `remote` for a micro-frontend. */
  kind: 'host' | 'remote';
  /** Federation container name: `shell`, `learn`, `challenge`, `billing`, `admin`. */
  name: string;
  /** The app's folder (pass `import.meta.dirname`). */
  dir: string;
  /** Modules a remote exposes, e.g. `{ './app': './src/app.tsx' }`. */
  exposes?: Record<string, string>;
  /** Title of the generated index.html. */
  title: string;
  /** Port for `rspack serve`. */
  port: number;
  /** The host's service worker script (written to `dist/sw.js` with the shell's file list, production builds only). */
  serviceWorker?: string;
}

export function appConfig({ kind, name, dir, exposes = {}, title, port, serviceWorker }: AppOptions): Configuration {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
  const production = process.env.NODE_ENV !== 'development';
  const host = kind === 'host';

  return {
    context: dir,
    mode: production ? 'production' : 'development',
    // Production maps are hidden: no `sourceMappingURL` comment in the code, and written beside `dist`, not in it
    // (`<app>/source-maps/`), so the gateway never serves them; the operator decodes a reported stack trace with them.
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      uniqueName: `lp_${name}`,
      // The host is served at `/` and must load its chunks from there even on deep links such as
      // `/c/abc`; a remote finds its own location at runtime (`auto`), wherever it is served.
      publicPath: host ? '/' : 'auto',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      cssChunkFilename: '[name].[contenthash:10].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      ...(production ? { sourceMapFilename: `../${SOURCE_MAPS_DIR}/[file].map` } : {}),
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // One copy of the federation SDK: the runtime core `require`s its CommonJS build, and an `import` (our
      // provide-sdk.ts, the runtime) would add the ES build beside it (~5 KiB compressed, twice the same code).
      alias: { '@module-federation/sdk$': createRequire(import.meta.url).resolve('@module-federation/sdk') },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              // A remote's dev build runs inside the production shell, whose shared React has no
              // `react/jsx-dev-runtime`: remotes always compile to `react/jsx-runtime` (shared).
              transform: { react: { runtime: 'automatic', development: !production && host } },
            },
            env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16.4' },
          },
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: existsSync(path.join(dir, 'index.html')) ? path.join(dir, 'index.html') : REMOTE_INDEX, title, scriptLoading: 'defer' }),
      new rspack.DefinePlugin({
        // A build-time label appended to remote headings (empty by default). The e2e test uses it to
        // prove that rebuilding one remote changes the running shell without a shell rebuild.
        'process.env.LP_HEADING_SUFFIX': JSON.stringify(process.env.LP_HEADING_SUFFIX ?? ''),
      }),
      new ModuleFederationPlugin({
        name,
        filename: host ? undefined : 'remoteEntry.js',
        exposes: host ? undefined : exposes,
        // Nothing about a remote's location is baked in: the shell registers them from /remotes.json.
        remotes: {},
        shared: sharedSingletons(pkg),
        // Do not fetch every registered remote at start-up to compare shared versions: a page
        // loads only the remotes its route needs, and shared modules come from whoever loaded first.
        shareStrategy: 'loaded-first',
        manifest: host ? false : { fileName: 'mf-manifest.json' },
        dts: false,
        // The Module Federation runtime once per page, not once per container: the shell provides it
        // (`_FEDERATION_RUNTIME_CORE`) and production remotes use it (~25 KiB brotli less per remote on
        // the wire). A remote built so cannot run without the shell, so the dev server (development mode,
        // `npm run dev -w <remote>`) keeps its own runtime and still runs standalone.
        experiments: host ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {},
        runtimePlugins: host ? [PROVIDE_SDK] : [],
      }),
      // `version.json`: package version + commit, beside the remote's manifest (the shell's at `/version.json`).
      new VersionFilePlugin(dir),
      // `.br` and `.gz` beside every script, style and page: the gateway sends them as they are.
      // The shell's first-paint chunks (bootstrap, React, the platform, the UI kit, the styles) fetched beside main.js.
      ...(host && production ? [new PreloadFirstPaintPlugin({ modules: ['/src/bootstrap.tsx', '/packages/ui/src/index.ts'], names: ['react', 'platform'] })] : []),
      ...(host && production && serviceWorker ? [new ServiceWorkerPlugin(path.join(dir, serviceWorker))] : []),
      ...(production ? [new PrecompressPlugin()] : []),
      // `output.clean` empties dist only: the maps of the previous build go too, so the folder matches the build.
      ...(production ? [cleanSourceMaps(path.join(dir, SOURCE_MAPS_DIR))] : []),
    ],
    // Production remotes take the federation SDK from the shell too (provide-sdk.ts), as they do the runtime core.
    ...(!host && production ? { externals: { '@module-federation/sdk': '_LP_FEDERATION_SDK' }, externalsType: 'global' } : {}),
    optimization: {
      // Federation needs the runtime inside each entry (a separate runtime chunk breaks remoteEntry).
      runtimeChunk: false,
      // `LP_PROFILE_BUILD=1 npm run build`: a production build left unminified, so a CPU profile names functions.
      minimize: process.env.LP_PROFILE_BUILD !== '1',
      // Every page of the shell needs React and the platform before it paints: one file each instead of one per
      // shared module (react, react/jsx-runtime, react-dom, react-dom/client; zustand, @lp/web-platform). On a
      // phone each file costs a request and ~1 KiB of response headers. Remotes keep their own fallbacks.
      ...(host && production
        ? {
            splitChunks: {
              cacheGroups: {
                react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', chunks: 'async', enforce: true, priority: 20 },
                platform: { test: /[\\/](node_modules[\\/]zustand|packages[\\/]web-platform[\\/]src[\\/](api|session|toasts|router|user|prerender|i18n|index))[\\/.]/, name: 'platform', chunks: 'async', enforce: true, priority: 10 },
              },
            },
          }
        : {}),
    },
    performance: { hints: false },
    // `npm run dev -w <app>`: the app rebuilt on every save and served on its own port. A remote is used inside
    // the running shell (http://127.0.0.1:8080/?lp-dev-remote=<name>=http://127.0.0.1:<port>/mf-manifest.json,
    // see shell/src/platform/remotes.ts) or alone at http://127.0.0.1:<port>/. The page reloads (or swaps
    // modules) when the build changes; the browser talks to this server directly for that.
    // Lazy compilation (rspack's dev default for dynamic imports) asks the page's own origin for modules:
    // inside the shell that is the gateway, not this dev server. Compile everything up front instead.
    lazyCompilation: false,
    devServer: {
      host: '127.0.0.1',
      port,
      hot: true,
      liveReload: true,
      historyApiFallback: true,
      allowedHosts: 'all',
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { webSocketURL: `ws://127.0.0.1:${port}/ws`, overlay: { errors: true, warnings: false } },
    },
  } as Configuration;
}
