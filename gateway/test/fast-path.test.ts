// The fast path (verified GETs before Fastify) answers exactly as the Fastify app does: the same headers reach the
// service, the same answer and headers come back, and ended sessions and the rate limit apply to it alike.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createSessionVerifier } from '@lp/service-kit';
import { announceSessionEnded, createTestKeys, type TestKeys } from '@lp/service-kit/testing';
import { Client } from 'undici';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServices, startGateway, type Echo } from './helpers';

const LEARNER = '64b7f0c2a1b2c3d4e5f60718';
let keys: TestKeys;
let services: Awaited<ReturnType<typeof startFakeServices>>;
const gateways: FastifyInstance[] = [];

beforeAll(async () => {
  keys = await createTestKeys();
  services = await startFakeServices();
});
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await services?.close();
});

async function listening(overrides: Parameters<typeof startGateway>[0]) {
  const gw = await startGateway(overrides);
  gateways.push(gw);
  await gw.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(gw.server.address() as AddressInfo).port}`;
}

async function get(base: string, path: string, headers: Record<string, string>) {
  const res = await fetch(`${base}${path}`, { headers });
  const body = await res.text();
  const answerHeaders = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id', 'content-length', 'keep-alive', 'connection'].includes(name)));
  return { status: res.status, body, headers: answerHeaders, echo: res.headers.get('content-type')?.includes('json') ? JSON.parse(body) as Echo : undefined };
}

describe('the fast path', () => {
  it('forwards and answers exactly like the Fastify app, signed in or not', async () => {
    const verifier = createSessionVerifier(keys.publicKey);
    const fast = await listening({ upstreams: services.urls, verifier });
    const slow = await listening({ upstreams: services.urls, verifier, fastPath: false });
    const cookie = `theme=dark; lp_session=${await keys.session(LEARNER)}`;
    await get(fast, '/api/sessions/stats', { cookie }); // first sight: verified (and cached) by the Fastify app
    for (const [path, headers] of [
      ['/api/sessions/stats', { cookie, 'x-request-id': 'same-id', 'x-user-id': 'forged', authorization: 'Bearer x' }],
      ['/api/chapters/64b7f0c2a1b2c3d4e5f60718?x=1', { 'x-request-id': 'same-id' }],
    ] as const) {
      const [a, b] = [await get(fast, path, headers), await get(slow, path, headers)];
      expect(a.status).toBe(200);
      expect(a.headers).toEqual(b.headers);
      const strip = (e: Echo) => ({ ...e, headers: { ...e.headers, host: undefined } });
      expect(strip(a.echo!)).toEqual(strip(b.echo!));
      expect(a.echo!.headers['x-user-id']).toBeUndefined();
      expect(a.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses an ended session (Fastify takes it over) and counts the rate limit', async () => {
    const base = await listening({ upstreams: services.urls, verifier: createSessionVerifier(keys.publicKey), rateLimit: { max: 3, timeWindowMs: 60_000 } });
    const sid = randomUUID();
    const cookie = `lp_session=${await keys.session(LEARNER, 'learner', { sid })}`;
    expect((await get(base, '/api/sessions/stats', { cookie })).status).toBe(200);
    expect((await get(base, '/api/sessions/stats', { cookie })).status).toBe(200);
    await announceSessionEnded(process.env.NATS_URL!, { sid, userId: LEARNER });
    const deadline = Date.now() + 1_000;
    let refused;
    while ((refused = await get(base, '/api/sessions/stats', { cookie })).status !== 401) expect(Date.now()).toBeLessThan(deadline);
    expect(refused.headers['set-cookie']).toMatch(/^lp_session=;/);

    const other = `lp_session=${await keys.session('64b7f0c2a1b2c3d4e5f60799')}`;
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await get(base, '/api/sessions/stats', { cookie: other })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await get(base, '/api/sessions/stats', { cookie: other });
    expect(JSON.parse(limited.body)).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(limited.headers['x-content-type-options']).toBe('nosniff');
  });

  it('checks each call on one kept-alive connection: a session that ends or expires, or another cookie, is refused', async () => {
    const base = await listening({ upstreams: services.urls, verifier: createSessionVerifier(keys.publicKey) });
    const client = new Client(base, { pipelining: 1, connections: 1 } as ConstructorParameters<typeof Client>[1]);
    const call = async (cookie: string) => {
      const res = await client.request({ method: 'GET', path: '/api/sessions/stats', headers: { cookie } });
      const body = await res.body.text();
      return { status: res.statusCode, setCookie: res.headers['set-cookie'], echo: res.statusCode === 200 ? JSON.parse(body) as Echo : undefined };
    };
    try {
      const sid = randomUUID();
      const ending = `lp_session=${await keys.session(LEARNER, 'learner', { sid })}`;
      for (let i = 0; i < 3; i++) expect((await call(ending)).status).toBe(200);
      await announceSessionEnded(process.env.NATS_URL!, { sid, userId: LEARNER });
      const deadline = Date.now() + 1_000;
      let refused;
      while ((refused = await call(ending)).status !== 401) expect(Date.now()).toBeLessThan(deadline);
      expect(refused.setCookie).toMatch(/^lp_session=;/);

      const expiring = `lp_session=${await keys.session(LEARNER, 'learner', { expiresIn: Math.floor(Date.now() / 1000) + 2 })}`;
      for (let i = 0; i < 3; i++) expect((await call(expiring)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2_100));
      expect((await call(expiring)).status).toBe(401);

      const other = `lp_session=${await keys.session('64b7f0c2a1b2c3d4e5f60788')}`;
      expect((await call(other)).status).toBe(200);
      expect((await call(`${other}x`)).status).toBe(401); // a forged token on the same connection, after a good one
      const echoed = await call(other);
      expect(echoed.echo?.headers.cookie).toBe(other);
    } finally {
      await client.close();
    }
  });
});
