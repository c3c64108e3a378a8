// The built front end: cache headers, history fallback, CORS for remotes, a missing dist, /remotes.json.
import { createTestKeys, type TestKeys } from '@lp/service-kit/testing';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../src/config';
import { DEFAULT_REMOTES, pointerFileOf } from '../src/remotes';
import { cacheControlFor } from '../src/static';
import { createStaticRoot, startGateway } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
let keys: TestKeys;
let staticRoot: ReturnType<typeof createStaticRoot>;
let gateway: FastifyInstance;

beforeAll(async () => {
  keys = await createTestKeys();
  staticRoot = createStaticRoot();
  gateway = await startGateway({ upstreams: { identity: 'http://127.0.0.1:9' }, routes: [], verifier: keys.verifier, staticRoot: staticRoot.root });
});
afterAll(async () => {
  await gateway?.close();
  staticRoot?.remove();
});

describe('static files', () => {
  it('serves the shell\'s service worker revalidated on every load, with a policy that lets it fetch this origin only (the API policy would refuse every fetch it makes)', async () => {
    const worker = await gateway.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toBe("default-src 'none';connect-src 'self';frame-ancestors 'none'");
  });

  it('serves the shell at / with index.html no-cache and hashed assets immutable', async () => {
    const index = await gateway.inject('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>shell</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const main = await gateway.inject('/main.97326a9b5a.js');
    expect(main.statusCode).toBe(200);
    expect(main.headers['cache-control']).toBe(IMMUTABLE);
    expect((await gateway.inject('/favicon.ico')).headers['cache-control']).toBe('no-cache');
    // The page policy on the document; its files get the short one (the page's policy does not act on them).
    expect(String(index.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(index.headers['x-frame-options']).toBe('DENY');
    for (const file of [main, await gateway.inject({ url: '/main.97326a9b5a.js', headers: { 'accept-encoding': 'br' } })]) {
      expect(file.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('revalidates a no-cache file by its ETag (304), with no Last-Modified or Accept-Ranges bytes on any file', async () => {
    const index = await gateway.inject('/');
    const etag = String(index.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await gateway.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    for (const file of [index, await gateway.inject({ url: '/main.97326a9b5a.js', headers: { 'accept-encoding': 'br' } })]) {
      expect(file.headers['last-modified']).toBeUndefined();
      expect(file.headers['accept-ranges']).toBeUndefined();
    }
  });

  it('answers 404 for source maps, of the shell and of remotes, unless in development', async () => {
    for (const url of ['/main.97326a9b5a.js.map', '/remotes/challenge/remoteEntry.js.map', '/main.97326a9b5a.js.map?x=1']) {
      const res = await gateway.inject(url);
      expect(`${url} ${res.statusCode}`).toBe(`${url} 404`);
      expect(res.body).not.toContain('"version":3');
      expect((await gateway.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })).statusCode).toBe(404);
    }
    // Spelled with an escape: never the map (the shell's page, as for any path that names no file).
    expect((await gateway.inject('/main.97326a9b5a.js.m%61p')).body).not.toContain('"version":3');
    const dev = await startGateway({ upstreams: { identity: 'http://127.0.0.1:9' }, routes: [], verifier: keys.verifier, staticRoot: staticRoot.root, natsUrl: null, sourceMaps: true });
    try {
      expect((await dev.inject('/main.97326a9b5a.js.map')).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
    expect(readGatewayConfig({}).sourceMaps).toBe(false);
    expect(readGatewayConfig({ NODE_ENV: 'production' }).sourceMaps).toBe(false);
    expect(readGatewayConfig({ NODE_ENV: 'development' }).sourceMaps).toBe(true);
  });

  it('serves a remote with CORS: manifest and remoteEntry.js no-cache, hashed chunks immutable', async () => {
    const entry = await gateway.inject('/remotes/challenge/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('var challenge;');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    const manifest = await gateway.inject('/remotes/challenge/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await gateway.inject('/remotes/challenge/786.7837d8dcb1.css')).headers['cache-control']).toBe(IMMUTABLE);
    expect((await gateway.inject('/remotes/challenge/assets/logo.0a1b2c3d4e.svg')).headers['cache-control']).toBe(IMMUTABLE);
    const preflight = await gateway.inject({ method: 'OPTIONS', url: '/remotes/challenge/remoteEntry.js', headers: { origin: 'https://cdn.example', 'access-control-request-method': 'GET' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('falls back to the shell for page paths, not for /api, /remotes or missing files', async () => {
    for (const path of ['/c/some-token', '/dashboard', '/topic/abc?x=1', '/admin-upload']) {
      const res = await gateway.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<title>shell</title>');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    for (const path of ['/remotes/challenge/missing.js', '/remotes/nope/remoteEntry.js', '/main.0000000000.js']) {
      const res = await gateway.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const api = await gateway.inject('/api/whatever');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, code: 'NO_ROUTE' });
  });

  it('sends the precompressed brotli or gzip copy by Accept-Encoding, with Vary and the same cache rules', async () => {
    const cases = [
      { url: '/main.97326a9b5a.js', body: 'console.log("shell")', cache: IMMUTABLE },
      { url: '/remotes/challenge/remoteEntry.js', body: 'var challenge;', cache: 'no-cache' },
      { url: '/', body: '<!doctype html><title>shell</title><div id="root"></div>', cache: 'no-cache' },
      { url: '/c/some-token', body: '<!doctype html><title>shell</title><div id="root"></div>', cache: 'no-cache' },
    ];
    for (const { url, body, cache } of cases) {
      const br = await gateway.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control'], url).toBe(cache);
      expect(br.headers['content-type'], url).toMatch(url.endsWith('.js') ? /javascript/ : /text\/html/);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(body);
      const gz = await gateway.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(body);
      const plain = await gateway.inject({ url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary, url).toMatch(/accept-encoding/i);
      expect(plain.body, url).toBe(body);
    }
    // A file the build did not compress (too small to gain) is sent as it is, whatever the client accepts.
    const css = await gateway.inject({ url: '/remotes/challenge/786.7837d8dcb1.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{}');
  });

  it('keeps serving when a remote was never built, answering 404 for its files', async () => {
    const res = await gateway.inject('/remotes/learn/remoteEntry.js');
    expect(res.statusCode).toBe(404);
    expect((await gateway.inject('/remotes/billing/remoteEntry.js')).statusCode).toBe(200);
    expect((await gateway.inject('/')).statusCode).toBe(200);
  });

  it('starts without any dist folder', async () => {
    const gw = await startGateway({ upstreams: { identity: 'http://127.0.0.1:9' }, routes: [], verifier: keys.verifier, staticRoot: '/nonexistent' });
    expect((await gw.inject('/')).statusCode).toBe(404);
    expect((await gw.inject('/dashboard')).statusCode).toBe(404);
    expect((await gw.inject('/healthz')).statusCode).toBe(200);
    await gw.close();
  });

  it('classifies cache headers by file name', () => {
    expect(cacheControlFor('/x/main.97326a9b5a.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/main.97326a9b5a.js.map')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/main.97326a9b5a.js.br')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/remoteEntry.js.gz')).toBe('no-cache');
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
  });
});

describe('/remotes.json', () => {
  it('serves the default map, no-cache', async () => {
    const res = await gateway.inject('/remotes.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      learn: '/remotes/learn/mf-manifest.json',
      challenge: '/remotes/challenge/mf-manifest.json',
      billing: '/remotes/billing/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });

  it('serves REMOTES_JSON from the environment, and refuses a malformed one', async () => {
    const remotes = { learn: 'https://cdn.example/learn/1.2.0/mf-manifest.json', challenge: '/remotes/challenge/mf-manifest.json' };
    const config = readGatewayConfig({ REMOTES_JSON: JSON.stringify(remotes) });
    const gw = await startGateway({ upstreams: {}, routes: [], verifier: keys.verifier, remotes: config.remotes });
    expect((await gw.inject('/remotes.json')).json()).toEqual(remotes);
    await gw.close();
    expect(() => readGatewayConfig({ REMOTES_JSON: '{nope' })).toThrow(/REMOTES_JSON is not valid JSON/);
    expect(() => readGatewayConfig({ REMOTES_JSON: '["a"]' })).toThrow(/must be a JSON object/);
    expect(() => readGatewayConfig({ REMOTES_JSON: '{"learn":3}' })).toThrow(/"learn" must be a non-empty string/);
  });
});

describe("a remote's releases (deploy/release/remote.mjs)", () => {
  it('serves a published version folder at /remotes/<name>/<version>/, all of it cached for good, beside the current build', async () => {
    const folder = join(staticRoot.root, 'remotes', 'challenge', '0.2.0+abc1234');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'mf-manifest.json'), '{"name":"challenge","v":2}');
    writeFileSync(join(folder, 'remoteEntry.js'), 'var challenge2;');
    const manifest = await gateway.inject('/remotes/challenge/0.2.0+abc1234/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'challenge', v: 2 });
    expect(manifest.headers['cache-control']).toBe(IMMUTABLE);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect((await gateway.inject('/remotes/challenge/0.2.0+abc1234/remoteEntry.js')).body).toBe('var challenge2;');
    // The current build is still served as before, revalidated on every load.
    const current = await gateway.inject('/remotes/challenge/remoteEntry.js');
    expect([current.body, current.headers['cache-control']]).toEqual(['var challenge;', 'no-cache']);
    expect((await gateway.inject('/remotes/challenge/0.9.9+missing/mf-manifest.json')).statusCode).toBe(404);
  });

  it("serves the environment's pointer file as /remotes.json once it exists, follows its changes without a restart, keeps the last good one if it breaks", async () => {
    const pointer = pointerFileOf(staticRoot.root, 'staging');
    const gw = await startGateway({ upstreams: {}, routes: [], verifier: keys.verifier, staticRoot: staticRoot.root, remotesFile: pointer });
    try {
      expect((await gw.inject('/remotes.json')).json()).toEqual(DEFAULT_REMOTES); // no release yet: the configured map
      mkdirSync(dirname(pointer), { recursive: true });
      const released = { ...DEFAULT_REMOTES, challenge: '/remotes/challenge/0.2.0+abc1234/mf-manifest.json' };
      // As the release script writes it: a new file renamed into place.
      const replace = (text: string) => {
        writeFileSync(`${pointer}.tmp`, text);
        renameSync(`${pointer}.tmp`, pointer);
      };
      replace(JSON.stringify(released));
      expect((await gw.inject('/remotes.json')).json()).toEqual(released);
      const rolledBack = { ...DEFAULT_REMOTES, challenge: '/remotes/challenge/0.1.0+0000001/mf-manifest.json' };
      replace(JSON.stringify(rolledBack));
      expect((await gw.inject('/remotes.json')).json()).toEqual(rolledBack);
      replace('{"challenge": 3, "broken": true}');
      expect((await gw.inject('/remotes.json')).json()).toEqual(rolledBack);
    } finally {
      await gw.close();
    }
  });

  it('reads the pointer of DEPLOY_ENV (local unless production) under the static root, or REMOTES_FILE', () => {
    expect(readGatewayConfig({ STATIC_ROOT: '/srv/web' }).remotesFile).toBe('/srv/web/remotes/remotes.local.json');
    expect(readGatewayConfig({ STATIC_ROOT: '/srv/web', NODE_ENV: 'production' }).remotesFile).toBe('/srv/web/remotes/remotes.production.json');
    expect(readGatewayConfig({ STATIC_ROOT: '/srv/web', NODE_ENV: 'production', DEPLOY_ENV: 'staging' }).remotesFile).toBe('/srv/web/remotes/remotes.staging.json');
    expect(readGatewayConfig({ REMOTES_FILE: '/etc/lp/remotes.json' }).remotesFile).toBe('/etc/lp/remotes.json');
    expect(() => readGatewayConfig({ DEPLOY_ENV: '../etc' })).toThrow(/DEPLOY_ENV/);
  });
});
