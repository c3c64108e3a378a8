// Prerendered pages for visitors (issue 16). The shell and the remotes write `dist/prerender.json` at build time
// (@lp/web-platform/build/prerender.ts): HTML for the pages a visitor may open first (the landing page, a guest's
// challenge link) and the visitor's header and footer. For a page navigation from a browser without a sign-in
// (neither the session cookie nor the member mark), this puts that HTML into the shell's index.html, so a phone
// paints the page before any script has run. A browser with a sign-in gets index.html as it is: what it shows
// depends on who is signed in, which only the app knows. Composed once per build, compressed once, in memory.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './session';

interface PageFragment {
  path: string;
  slot: 'shell' | 'remote';
  html: string;
  title?: string;
}
interface PrerenderFile {
  header?: string;
  footer?: string;
  pages?: PageFragment[];
}

interface Document {
  pattern: RegExp;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface PrerenderedOptions {
  /** `shell/dist`, holding `index.html` and the shell's `prerender.json`. */
  shellDist: string;
  /** Each remote's `dist` folder. */
  remoteDists: readonly string[];
  /** Cookie names that mean "this browser has a sign-in". */
  signInCookies: readonly string[];
  log: FastifyBaseLogger;
  /** How long the files' modification times are trusted before they are looked at again. */
  recheckMs?: number;
  /** Tags for a page's head by its path (link-preview.ts: a challenge link's `og:` tags), or null for none. */
  preview?: (request: FastifyRequest, path: string) => Promise<string | null>;
}

const MARKERS = {
  html: '<html lang="en">',
  header: '<div id="lp-header"></div>',
  shellPage: '<div id="lp-shell-page"></div>',
  footer: '<div id="lp-footer"></div>',
};

/** The document with `tags` at the end of its head: composed per request, so compressed quickly rather than smallest. */
function withHeadTags(doc: Document, tags: string): Document {
  const identity = Buffer.from(doc.identity.toString('utf8').replace('</head>', `${tags}</head>`));
  return {
    pattern: doc.pattern,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

/** `/c/:token` → a pattern matching `/c/<one segment>`. */
export function routePattern(route: string): RegExp {
  const source = route.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${source}$`);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the fragments in their slots; null when the shell's page lacks a slot (an unknown template). */
export function composePage(indexHtml: string, chrome: { header?: string; footer?: string }, page: PageFragment): string | null {
  if (!Object.values(MARKERS).every((marker) => indexHtml.includes(marker))) return null;
  let html = indexHtml
    .replace(MARKERS.html, '<html lang="en" data-lp-prerendered="">')
    .replace(MARKERS.header, `<div id="lp-header">${chrome.header ?? ''}</div>`)
    .replace(MARKERS.footer, `<div id="lp-footer">${chrome.footer ?? ''}</div>`)
    .replace(MARKERS.shellPage, page.slot === 'shell'
      ? `<div id="lp-shell-page">${page.html}</div>`
      : `${MARKERS.shellPage}<div id="lp-prerendered">${page.html}</div>`);
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  return html;
}

function readJson(file: string): PrerenderFile | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PrerenderFile;
  } catch {
    return null;
  }
}

/** The accepted encoding, brotli first; `q=0` refuses one. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

export function hasSignIn(cookieHeader: string | undefined, names: readonly string[]): boolean {
  return !!cookieHeader && names.some((name) => readCookie(cookieHeader, `${name}=`) !== undefined);
}

/**
 * For a page navigation (`path`, static.ts `pagePath`): sends the prerendered page and returns true, or returns
 * false (a browser with a sign-in, a route not prerendered, or nothing built: the caller serves as before).
 */
export function prerenderedPages({ shellDist, remoteDists, signInCookies, log, recheckMs = 1000, preview }: PrerenderedOptions) {
  const files = [join(shellDist, 'index.html'), join(shellDist, 'prerender.json'), ...remoteDists.map((dist) => join(dist, 'prerender.json'))];
  let stamp = '';
  let checkedAt = -Infinity;
  let documents: Document[] = [];

  function load(): Document[] {
    const now = Date.now();
    if (now - checkedAt < recheckMs) return documents;
    checkedAt = now;
    const next = files.map((file) => { try { return String(statSync(file).mtimeMs); } catch { return '-'; } }).join('|');
    if (next === stamp) return documents;
    stamp = next;
    documents = [];
    let indexHtml: string;
    try {
      indexHtml = readFileSync(files[0]!, 'utf8');
    } catch {
      return documents;
    }
    const shell = readJson(files[1]!) ?? {};
    const pages = files.slice(1).flatMap((file) => readJson(file)?.pages ?? []);
    for (const page of pages) {
      const html = composePage(indexHtml, shell, page);
      if (html === null) {
        log.warn({ path: page.path }, 'index.html has no slots for a prerendered page; sending it as it is');
        continue;
      }
      const identity = Buffer.from(html);
      documents.push({
        pattern: routePattern(page.path),
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
        gzip: gzipSync(identity, { level: 9 }),
      });
    }
    return documents;
  }

  return async function sendPrerendered(request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> {
    if (hasSignIn(request.headers.cookie, signInCookies)) return false;
    const built = load().find((d) => d.pattern.test(path));
    if (!built) return false;
    const tags = preview ? await preview(request, path) : null;
    const doc = tags ? withHeadTags(built, tags) : built;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const etag = encoding === 'identity' ? doc.etag : `${doc.etag.slice(0, -1)}-${encoding}"`;
    // Depends on the cookies and the encoding; revalidated on every load, like index.html.
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').header('etag', etag);
    if (request.headers['if-none-match'] === etag) {
      void reply.code(304).send();
      return true;
    }
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    void reply.code(200).send(encoding === 'br' ? doc.br : encoding === 'gzip' ? doc.gzip : doc.identity);
    return true;
  };
}
