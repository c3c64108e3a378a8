// Rate limiting on /api: per signed-in user, else per IP, 429 in the one error shape.
import { describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../src/config';
import { createRateLimiter, retryMessage } from '../src/rate-limit';
import { gatewayForFile, startGateway } from './helpers';

const setup = gatewayForFile({ gateway: { rateLimit: { max: 3, timeWindowMs: 60_000 } } });

const get = (headers: Record<string, string> = {}, url = '/api/downloads', remoteAddress = '10.0.0.1') =>
  setup.gateway.inject({ method: 'GET', url, headers, remoteAddress });

describe('rate limit', () => {
  it('answers 429 in the one shape after the limit, per IP', async () => {
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/^Too many requests\. Try again in /);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address has its own budget.
    expect((await get({}, '/api/downloads', '10.0.0.2')).statusCode).toBe(200);
  });

  it('keys a signed-in user by user id, whatever the address', async () => {
    const alice = `lp_session=${await setup.keys.session('64b7f0c2a1b2c3d4e5f6aaaa')}`;
    const bob = `lp_session=${await setup.keys.session('64b7f0c2a1b2c3d4e5f6bbbb')}`;
    for (let i = 0; i < 3; i++) expect((await get({ cookie: alice }, '/api/auth/user', `10.1.0.${i}`)).statusCode).toBe(200);
    expect((await get({ cookie: alice }, '/api/auth/user', '10.1.0.9')).statusCode).toBe(429);
    expect((await get({ cookie: bob }, '/api/auth/user', '10.1.0.9')).statusCode).toBe(200);
  });

  it('puts a per-address ceiling above the per-account budget: many accounts from one address are stopped', async () => {
    const gw = await startGateway({ upstreams: setup.services.urls, verifier: setup.keys.verifier, rateLimit: { max: 3, ipMax: 5, timeWindowMs: 60_000 } });
    try {
      const cookies = await Promise.all([0, 1, 2].map(async (i) => `lp_session=${await setup.keys.session(`64b7f0c2a1b2c3d4e5f6cc0${i}`)}`));
      const statuses: number[] = [];
      // Two calls per account, each well within its own budget of 3, from one address: the sixth is over its ceiling.
      for (const cookie of cookies) {
        for (let i = 0; i < 2; i++) statuses.push((await gw.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie }, remoteAddress: '10.3.0.1' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await gw.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookies[0]! }, remoteAddress: '10.3.0.1' });
      expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      expect(limited.headers['retry-after']).toBeDefined();
      // The same account from another address still has its budget.
      expect((await gw.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookies[1]! }, remoteAddress: '10.3.0.2' })).statusCode).toBe(200);
    } finally {
      await gw.close();
    }
  });

  it('reads the ceiling from GATEWAY_RATE_LIMIT_IP_MAX, ten times the per-account budget by default', () => {
    expect(readGatewayConfig({}).rateLimit).toEqual({ max: 1200, ipMax: 12_000, timeWindowMs: 60_000 });
    expect(readGatewayConfig({ GATEWAY_RATE_LIMIT_IP_MAX: '5000' }).rateLimit.ipMax).toBe(5000);
    expect(() => readGatewayConfig({ GATEWAY_RATE_LIMIT_IP_MAX: '100' })).toThrow(/cannot be lower/);
  });

  it('does not limit static files, health or /remotes.json', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await get({}, '/healthz', '10.2.0.1')).statusCode).toBe(200);
      expect((await get({}, '/remotes.json', '10.2.0.1')).statusCode).toBe(200);
    }
  });
});

describe('the limiter', () => {
  it('gives each key its budget per window, and all of it back when the window ends', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ max: 2, timeWindowMs: 60_000, now: () => now });
    expect([limiter.hit('user', 'a'), limiter.hit('user', 'a')]).toEqual([0, 0]);
    expect(limiter.hit('user', 'b')).toBe(0);
    now += 15_000;
    expect(limiter.hit('user', 'a')).toBe(45_000); // over budget: wait for the rest of the window
    now += 45_000;
    expect([limiter.hit('user', 'a'), limiter.hit('user', 'a'), limiter.hit('user', 'a')]).toEqual([0, 0, 60_000]);
  });

  it('keeps a user and an IP that share a name apart', () => {
    const limiter = createRateLimiter({ max: 1, timeWindowMs: 60_000, now: () => 0 });
    expect(limiter.hit('user', '10.0.0.1')).toBe(0);
    expect(limiter.hit('ip', '10.0.0.1')).toBe(0);
    expect(limiter.hit('ip', '10.0.0.1')).toBe(60_000);
  });

  it('says how long to wait in words, rounded up to whole seconds', () => {
    expect(retryMessage(45_000)).toBe('Too many requests. Try again in 45 seconds.');
    expect(retryMessage(60_000)).toBe('Too many requests. Try again in 1 minute.');
    expect(retryMessage(200)).toBe('Too many requests. Try again in 1 second.');
  });
});
