// Prerendered pages for visitors: the build's HTML fragments composed into index.html, only for a browser
// without a sign-in, compressed by Accept-Encoding and revalidated like index.html.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestKeys } from '@lp/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composePage, hasSignIn, pickEncoding, routePattern } from '../src/prerendered';
import { startGateway } from './helpers';

// The shape of the shell's built index.html (shell/index.html after the build).
const INDEX = '<!doctype html><html lang="en"><head><title>LearnPlatform</title><script defer src="/main.1234567890.js"></script></head>'
  + '<body><div id="lp-header"></div><main id="lp-main"><div id="lp-shell-page"></div></main><div id="lp-footer"></div></body></html>';
const SHELL = {
  header: '<header class="lp-nav"><a href="/api/login">Sign in</a></header>',
  footer: '<footer>© LearnPlatform</footer>',
  pages: [{ path: '/', slot: 'shell', html: '<h1>Master Knowledge Through Smart Repetition</h1>', title: 'LearnPlatform · Spaced <Repetition>' }],
};
const CHALLENGE = { pages: [{ path: '/c/:token', slot: 'remote', html: '<h1>You have been challenged</h1>' }] };

let root: string;
let gateway: FastifyInstance;
const write = (path: string, content: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gateway-prerendered-'));
  write('shell/dist/index.html', INDEX);
  write('shell/dist/prerender.json', JSON.stringify(SHELL));
  write('mfe-challenge/dist/prerender.json', JSON.stringify(CHALLENGE));
  const keys = await createTestKeys();
  gateway = await startGateway({ upstreams: { identity: 'http://127.0.0.1:9' }, routes: [], verifier: keys.verifier, staticRoot: root });
});
afterAll(async () => {
  await gateway?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a visitor opening a prerendered page', () => {
  it('gets the landing page inside index.html, with the header, the footer and the page title', async () => {
    const res = await gateway.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(res.body).toContain('<html lang="en" data-lp-prerendered="">');
    expect(res.body).toContain(`<div id="lp-header">${SHELL.header}</div>`);
    expect(res.body).toContain('<div id="lp-shell-page"><h1>Master Knowledge Through Smart Repetition</h1></div>');
    expect(res.body).toContain(`<div id="lp-footer">${SHELL.footer}</div>`);
    expect(res.body).toContain('<title>LearnPlatform · Spaced &lt;Repetition&gt;</title>');
    // Still the app's page: its scripts, and the page's security headers.
    expect(res.body).toContain('<script defer src="/main.1234567890.js"></script>');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it("gets a remote's page (a guest's challenge link) in its own element, until the remote takes over", async () => {
    const res = await gateway.inject('/c/qZer1P8DkdIKCxcFA6H_-w?from=whatsapp');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="lp-shell-page"></div><div id="lp-prerendered"><h1>You have been challenged</h1></div>');
    expect(res.body).toContain(`<div id="lp-header">${SHELL.header}</div>`);
    expect(res.body).toContain('<title>LearnPlatform</title>');
  });

  it('gets it compressed as the browser accepts: brotli first, gzip, or plain; q=0 refuses one', async () => {
    const plain = (await gateway.inject('/')).body;
    const br = await gateway.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain));
    const gz = await gateway.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    expect((await gateway.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a revalidation of the same build, per encoding', async () => {
    const first = await gateway.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await gateway.inject({ url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await gateway.inject({ url: '/', headers: { 'if-none-match': etag } })).statusCode).toBe(200);
  });
});

describe('what is not prerendered', () => {
  it('a browser with a sign-in (the session cookie, or only the member mark) gets index.html as it is', async () => {
    for (const cookie of ['lp_session=expired.or.not', 'theme=dark; lp_member=1']) {
      const res = await gateway.inject({ url: '/', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.body).not.toContain('data-lp-prerendered');
    }
    expect((await gateway.inject({ url: '/c/abc', headers: { cookie: 'lp_member=1' } })).body).toBe(INDEX);
  });

  it('other pages, deeper paths and other methods get the plain shell; /api and /remotes are untouched', async () => {
    for (const url of ['/dashboard', '/c/abc/extra', '/c/', '/privacy-policy']) {
      const res = await gateway.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    expect((await gateway.inject({ method: 'POST', url: '/' })).body).not.toContain('data-lp-prerendered');
    expect((await gateway.inject('/api/nothing')).statusCode).toBe(404);
    expect((await gateway.inject('/remotes/challenge/prerender.json')).headers['content-type']).toContain('application/json');
  });

  it('a rebuilt front end is picked up without a restart', async () => {
    write('shell/dist/prerender.json', JSON.stringify({ ...SHELL, pages: [{ ...SHELL.pages[0], html: '<h1>Rebuilt</h1>' }] }));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'shell/dist/prerender.json'), later, later);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the files are looked at again after a second
    expect((await gateway.inject('/')).body).toContain('<div id="lp-shell-page"><h1>Rebuilt</h1></div>');
  });
});

describe('the pieces', () => {
  it('matches a route parameter to exactly one path segment', () => {
    expect(routePattern('/c/:token').test('/c/abc')).toBe(true);
    expect(routePattern('/c/:token').test('/c/abc/def')).toBe(false);
    expect(routePattern('/c/:token').test('/c/')).toBe(false);
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/').test('/x')).toBe(false);
  });

  it('leaves a page alone when index.html has no slots for it', () => {
    expect(composePage('<!doctype html><div id="root"></div>', SHELL, SHELL.pages[0] as never)).toBeNull();
  });

  it('reads the sign-in cookies by name, not by a name that merely contains them', () => {
    expect(hasSignIn('a=1; __Host-lp_member=1', ['__Host-lp_session', '__Host-lp_member'])).toBe(true);
    expect(hasSignIn('xlp_member=1; lp_memberx=2', ['lp_session', 'lp_member'])).toBe(false);
    expect(hasSignIn(undefined, ['lp_session'])).toBe(false);
  });

  it('picks the encoding', () => {
    expect(pickEncoding('br')).toBe('br');
    expect(pickEncoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(pickEncoding('*')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
