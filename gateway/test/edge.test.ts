// What the gateway refuses itself (edge.ts), the ended sessions it learns of over NATS, and the security headers on
// every answer. Fake services echo what reached them, so "the service was never asked" is visible.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announceSessionEnded } from '@lp/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../src/config';
import { createStaticRoot, gatewayForFile, startGateway, type Echo } from './helpers';

const NATS_URL = process.env.NATS_URL!;
const LEARNER = '64b7f0c2a1b2c3d4e5f60718';
const OWNER = '64b7f0c2a1b2c3d4e5f60719';

const staticRoot = createStaticRoot();
const setup = gatewayForFile({ gateway: { staticRoot: staticRoot.root } });
afterAll(() => staticRoot.remove());

const inject = (method: string, url: string, cookie?: string, headers: Record<string, string> = {}, payload?: string) =>
  setup.gateway.inject({ method: method as 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(payload !== undefined ? { payload } : {}) });

describe('authentication at the edge', () => {
  it("refuses a visitor's call to a user route with 401 before the body is read: no schema is described", async () => {
    const res = await inject('POST', '/api/sessions', undefined, { 'content-type': 'application/json' }, '{"mode":"nonsense","extra":1}');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Sign in to continue.', code: 'UNAUTHENTICATED' });
    // The same call signed in goes to study (which then validates the body itself).
    const signedIn = await inject('POST', '/api/sessions', `lp_session=${await setup.keys.session(LEARNER)}`, { 'content-type': 'application/json' }, '{}');
    expect(signedIn.json<Echo>().service).toBe('study');
  });

  it('lets a visitor through to public routes, and a holder of only the refresh cookie to GET /api/auth/user (renewal)', async () => {
    expect((await inject('GET', '/api/chapters/64b7f0c2a1b2c3d4e5f60718')).json<Echo>().service).toBe('content');
    expect((await inject('GET', '/api/auth/user', 'lp_refresh=r')).json<Echo>().service).toBe('identity');
    expect((await inject('GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await inject('GET', '/api/sessions/stats', 'lp_refresh=r')).statusCode).toBe(401);
  });

  it('serves admin routes only to the owner with an elevation granted in the same session', async () => {
    const sid = randomUUID();
    const session = `lp_session=${await setup.keys.session(OWNER, 'owner', { sid })}`;
    const post = (cookie: string) => inject('POST', '/api/admin/revision-settings', cookie, { 'content-type': 'application/json' }, '{}');
    expect((await post(session)).json()).toMatchObject({ statusCode: 403, code: 'ADMIN_ELEVATION_REQUIRED' });
    expect((await post(`${session}; lp_admin=${await setup.keys.admin(OWNER, { sid: randomUUID() })}`)).statusCode).toBe(403);
    expect((await post(`${session}; lp_admin=garbage`)).statusCode).toBe(403);
    const learner = `lp_session=${await setup.keys.session(LEARNER)}; lp_admin=${await setup.keys.admin(LEARNER)}`;
    expect((await post(learner)).statusCode).toBe(403);
    const elevated = await post(`${session}; lp_admin=${await setup.keys.admin(OWNER, { sid })}`);
    expect(elevated.statusCode).toBe(200);
    expect(elevated.json<Echo>().service).toBe('study');
  });
});

describe('ended sessions (identity.session.ended on NATS)', () => {
  it('are refused by the running gateway within a second, and by one started afterwards', async () => {
    const sid = randomUUID();
    const cookie = `lp_session=${await setup.keys.session(LEARNER, 'learner', { sid })}`;
    expect((await inject('GET', '/api/sessions/stats', cookie)).statusCode).toBe(200);

    const sentAt = Date.now();
    await announceSessionEnded(NATS_URL, { sid, userId: LEARNER });
    while ((await inject('GET', '/api/sessions/stats', cookie)).statusCode !== 401) {
      expect(Date.now() - sentAt).toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    // On a public route the ended session is dropped (the service sees a visitor) and cleared in the browser.
    const visitor = await inject('GET', '/api/chapters/64b7f0c2a1b2c3d4e5f60718', cookie);
    expect(visitor.json<Echo>().headers.cookie).toBeUndefined();
    expect(String(visitor.headers['set-cookie'])).toMatch(/^lp_session=;/);

    const late = await startGateway({ upstreams: setup.services.urls, verifier: (await import('@lp/service-kit')).createSessionVerifier(setup.keys.publicKey) });
    try {
      expect((await late.inject({ url: '/api/sessions/stats', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await late.close();
    }
  });

  it('end an admin elevation alone on admin sign-out', async () => {
    const sid = randomUUID();
    const eid = randomUUID();
    const session = `lp_session=${await setup.keys.session(OWNER, 'owner', { sid })}`;
    const cookie = `${session}; lp_admin=${await setup.keys.admin(OWNER, { sid, eid })}`;
    const post = () => inject('POST', '/api/admin/revision-settings', cookie, { 'content-type': 'application/json' }, '{}');
    expect((await post()).statusCode).toBe(200);
    await announceSessionEnded(NATS_URL, { sid, userId: OWNER, elevationId: eid });
    const deadline = Date.now() + 1_000;
    while ((await post()).statusCode !== 403) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await inject('GET', '/api/sessions/stats', session)).statusCode).toBe(200);
  });
});

describe('cross-origin state changes', () => {
  const accept = '/api/auth/disclaimer/accept';
  it('refuses a POST made from another origin, even of the same site, and lets the app itself and servers through', async () => {
    const cookie = `lp_session=${await setup.keys.session(LEARNER)}`;
    for (const headers of [{ 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'http://evil.localhost:8080' }, { origin: 'null' }, { origin: 'http://localhost:80.evil.test' }] as Record<string, string>[]) {
      const res = await inject('POST', accept, cookie, { host: 'localhost:80', ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('CROSS_ORIGIN');
    }
    // The scheme is not compared: behind a TLS-terminating load balancer the page is https, the hop http.
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { origin: 'http://localhost:80' }, { origin: 'https://localhost:80' }, {}] as Record<string, string>[]) {
      const res = await inject('POST', accept, cookie, { host: 'localhost:80', ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // Reads are not state changes: a cross-site GET passes (SameSite and CORS govern what the page may read).
    expect((await inject('GET', '/api/auth/disclaimer/status', cookie, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
    // A payment provider's webhook carries neither header.
    expect((await inject('POST', '/api/webhooks/razorpay', undefined, { 'content-type': 'application/json' }, '{}')).statusCode).toBe(200);
  });
});

describe('bodies over the limit', () => {
  let port: number;
  beforeAll(async () => {
    await setup.gateway.listen({ port: 0, host: '127.0.0.1' });
    port = (setup.gateway.server.address() as AddressInfo).port;
  });

  /** Sends `size` bytes to POST /api/sessions over a real socket; resolves with the status and when the socket closed. */
  function send(size: number, { chunked = false } = {}) {
    return new Promise<{ status: number; body: string; closedAfterMs: number }>((resolve, reject) => {
      const started = Date.now();
      let status = 0;
      let body = '';
      const req = httpRequest({
        host: '127.0.0.1', port, method: 'POST', path: '/api/sessions', agent: false,
        headers: { cookie: `lp_session=${cookieToken}`, 'content-type': 'application/json', ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(size) }) },
      }, (res) => {
        status = res.statusCode ?? 0;
        res.on('data', (c: Buffer) => { body += c.toString(); });
      });
      req.on('error', () => undefined); // the gateway may cut an upload it does not want
      req.on('close', () => (status ? resolve({ status, body, closedAfterMs: Date.now() - started }) : reject(new Error('no answer'))));
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          const chunk = Buffer.alloc(Math.min(64 * 1024, size - sent), 0x20);
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
  }
  let cookieToken: string;
  beforeAll(async () => { cookieToken = await setup.keys.session(LEARNER); });

  it('answers 413 every time for a 2 MB body, declared or chunked, and closes the connection promptly', async () => {
    for (let i = 0; i < 4; i++) {
      const declared = await send(2 * 1024 * 1024);
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body)).toMatchObject({ statusCode: 413, code: 'BODY_TOO_LARGE' });
      expect(declared.closedAfterMs).toBeLessThan(3_000);
    }
    const chunked = await send(2 * 1024 * 1024, { chunked: true });
    expect(chunked.status).toBe(413);
    expect(chunked.closedAfterMs).toBeLessThan(3_000);
    // Within the limit it reaches the service.
    const small = await send(1024);
    expect(small.status).toBe(200);
  });
});

describe('security headers', () => {
  it('are on proxied answers, gateway answers and static files alike', async () => {
    const proxied = await inject('GET', '/api/chapters/64b7f0c2a1b2c3d4e5f60718');
    const refused = await inject('GET', '/api/sessions/stats');
    const missing = await inject('GET', '/api/nope');
    const page = await inject('GET', '/dashboard');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(String(page.headers['content-security-policy'])).toContain('frame-src https://api.razorpay.com https://checkout.razorpay.com');
    for (const res of [proxied, refused, missing]) expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    for (const res of [proxied, refused, missing, page]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Document-only headers on pages; JSON answers rely on frame-ancestors, which supersedes X-Frame-Options.
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    for (const res of [proxied, refused, missing]) expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it("sends a header once when the service set it too (a screenshot's nosniff), on both paths", async () => {
    const url = '/api/chapters/64b7f0c2a1b2c3d4e5f60718?nosniff=1';
    const { raw } = await rawGet(setup.gateway, url);
    expect(raw.filter((line) => /^x-content-type-options:/i.test(line))).toEqual(['x-content-type-options: nosniff']);
    const inj = await inject('GET', url);
    expect(inj.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows loopback dev servers in the page CSP only when one is configured, and never in production', async () => {
    const csp = async (options: Partial<Parameters<typeof startGateway>[0]>) => {
      const gw = await startGateway({ upstreams: setup.services.urls, verifier: setup.keys.verifier, staticRoot: staticRoot.root, natsUrl: null, ...options });
      try {
        return String((await gw.inject({ url: '/dashboard' })).headers['content-security-policy']);
      } finally {
        await gw.close();
      }
    };
    const none = await csp({});
    expect(none).not.toMatch(/127\.0\.0\.1|localhost/);
    const dev = await csp({ devOrigins: ['http://127.0.0.1:3001'] });
    expect(dev).toContain("script-src 'self' https://checkout.razorpay.com http://127.0.0.1:3001;");
    expect(dev).toContain('ws://127.0.0.1:3001');
    expect(dev).not.toContain('127.0.0.1:*');
    expect(await csp({ devOrigins: ['http://127.0.0.1:3001'], production: true })).not.toContain('127.0.0.1');
    // Configured from the environment: GATEWAY_DEV_ORIGINS and loopback manifests in REMOTES_JSON, outside production.
    expect(readGatewayConfig({}).devOrigins).toEqual([]);
    expect(readGatewayConfig({ GATEWAY_DEV_ORIGINS: 'http://127.0.0.1:3003', REMOTES_JSON: '{"learn":"http://localhost:3001/mf-manifest.json","admin":"/remotes/admin/mf-manifest.json"}' }).devOrigins)
      .toEqual(['http://127.0.0.1:3003', 'http://localhost:3001']);
    expect(readGatewayConfig({ NODE_ENV: 'production', GATEWAY_DEV_ORIGINS: 'http://127.0.0.1:3003' }).devOrigins).toEqual([]);
    expect(() => readGatewayConfig({ GATEWAY_DEV_ORIGINS: 'https://evil.example' })).toThrow(/GATEWAY_DEV_ORIGINS/);
  });

  it('adds HSTS in production', async () => {
    const gw = await startGateway({ upstreams: setup.services.urls, verifier: setup.keys.verifier, production: true, natsUrl: null });
    try {
      const res = await gw.inject({ url: '/api/chapters/64b7f0c2a1b2c3d4e5f60718' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const page = await gw.inject({ url: '/dashboard' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await gw.close();
    }
  });
});

/** A GET over a real socket (the fast path takes it): the answer's header lines as they came on the wire. */
async function rawGet(app: FastifyInstance, path: string): Promise<{ status: number; raw: string[] }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      const raw: string[] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) raw.push(`${res.rawHeaders[i]!.toLowerCase()}: ${res.rawHeaders[i + 1]}`);
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, raw }));
    }).on('error', reject).end();
  });
}
