// The built front end: the shell at `/`, each remote at `/remotes/<name>/`, and the history fallback that
// lets a deep link such as `/c/abc` load the shell. Content-hashed files are cached for a year; whatever
// names the current build (index.html, mf-manifest.json, remoteEntry.js) is revalidated on every load.
import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const REMOTE_NAMES = ['learn', 'challenge', 'billing', 'admin'] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** `main.97326a9b5a.js`, `786.7837d8dcb1.css`, `assets/logo.0a1b2c3d4e.svg`, and their source maps. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+(?:\.map)?$/i;

/** The precompressed copies the build writes beside each file (`main.97326a9b5a.js.br`). */
const PRECOMPRESSED = /\.(?:br|gz)$/;

export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(basename(filePath).replace(PRECOMPRESSED, '')) ? IMMUTABLE : NO_CACHE;
}

export interface StaticOptions {
  staticRoot: string;
  remotes?: readonly string[];
  corsOrigin: string;
  /** Serve `*.map` files: only in development (NODE_ENV=development). Otherwise they answer 404, wherever they lie. */
  sourceMaps?: boolean;
}

/** A source map: the app's code, file names and structure laid out for whoever asks. Not for the public. */
const SOURCE_MAP = /\.map$/i;

/** On the path as sent (`.m%61p` too), which is what @fastify/static hands `allowedPath`. */
function isSourceMap(pathName: string): boolean {
  let decoded = pathName;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    // a malformed escape: judged as sent
  }
  return SOURCE_MAP.test(decoded) || SOURCE_MAP.test(pathName);
}

/**
 * Where `npm run release:remote` publishes a remote's build: `<static root>/remotes/<name>/<version>/`, served at
 * `/remotes/<name>/<version>/` (deploy/release/remote.mjs). A published folder never changes: all of it is cached.
 */
export function publishedRemotesDir(staticRoot: string, name: string): string {
  return join(staticRoot, 'remotes', name);
}

export async function staticFiles(app: FastifyInstance, { staticRoot, remotes = REMOTE_NAMES, corsOrigin, sourceMaps = false }: StaticOptions) {
  const shellDist = join(staticRoot, 'shell', 'dist');
  // A remote's path looks in its current build first, then in its published versions (a folder per version).
  const folders = [{ prefix: '/', root: shellDist as string | string[], cors: false }, ...remotes.map((name) => ({
    prefix: `/remotes/${name}/`, root: [join(staticRoot, `mfe-${name}`, 'dist'), publishedRemotesDir(staticRoot, name)], cors: true,
  }))];
  const published = join(staticRoot, 'remotes', sep);

  for (const [i, { prefix, root, cors }] of folders.entries()) {
    const built = Array.isArray(root) ? root[0]! : root;
    if (!existsSync(built)) app.log.warn({ root: built }, `${built} does not exist (not built yet?); its files answer 404 until it does`);
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: i === 0,
      wildcard: true, // look files up on each request, so a rebuilt remote is served without a restart
      suppressWarning: true, // a missing build is warned about above; no published version yet is the usual case
      cacheControl: false,
      index: 'index.html',
      // The build writes `<file>.br` and `<file>.gz` beside each script, style and page: sent by the request's
      // Accept-Encoding (brotli first), with `Vary: Accept-Encoding`; the plain file otherwise. No CPU per request.
      preCompressed: true,
      // Files are revalidated by ETag (hashed names never are): Last-Modified and Accept-Ranges only added ~70
      // bytes of headers to each of a page's scripts, which a phone downloads (the landing page's budget counts them).
      lastModified: false,
      acceptRanges: false,
      redirect: false,
      serveDotFiles: false,
      // Production builds keep their maps outside dist (packages/web-platform/build); a stray one is still not served.
      ...(sourceMaps ? {} : { allowedPath: (pathName: string) => !isSourceMap(pathName) }),
      logLevel: 'warn',
      setHeaders: (reply: FastifyReply, path: string) => {
        reply.header('cache-control', path.startsWith(published) ? IMMUTABLE : cacheControlFor(path));
        if (cors) {
          // Remotes are public bundles another origin (a CDN-hosted shell) may load.
          reply.header('cross-origin-resource-policy', 'cross-origin');
          reply.header('access-control-allow-origin', corsOrigin);
          if (corsOrigin !== '*') reply.header('vary', 'Origin');
        }
      },
    });
  }

  // Preflight for remotes loaded from another origin.
  app.options('/remotes/*', (_request, reply) => {
    reply.code(204)
      .header('access-control-allow-origin', corsOrigin)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .send();
  });

  return { shellDist };
}

/**
 * The path of a page navigation: a GET or HEAD that is not `/api/*`, not `/remotes/*` and names no file (no
 * extension; a missing `*.js` is a 404, not a page). Null for anything else.
 */
export function pagePath(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/remotes/')) return null;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,8}$/.test(last) ? null : path;
}

/**
 * History fallback: a GET for a page path (not `/api/*`, not `/remotes/*`, no file extension) that is not
 * a file gets the shell's index.html, so the shell's router decides what to show. Returns false when the
 * request is not a page navigation.
 */
export function historyFallback(shellDist: string) {
  return function sendShell(request: FastifyRequest, reply: FastifyReply): boolean {
    if (pagePath(request) === null) return false;
    if (!existsSync(join(shellDist, 'index.html'))) return false;
    reply.code(200);
    void reply.sendFile('index.html', shellDist);
    return true;
  };
}
