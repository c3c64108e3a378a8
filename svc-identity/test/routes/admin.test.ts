// Admin elevation: owners only, the shared password in constant time, rate limits, the one-hour token.
import { createSessionVerifier } from '@lp/service-kit';
import { createLocalJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAdminPassword } from '../../src/domain/admin-password';
import { ASHA, OWNER, addUser, buildIdentity, sessionFor, setCookies, type TestIdentity, type TestSession } from '../support/harness';

let t: TestIdentity;
beforeAll(async () => { t = await buildIdentity(); });
afterAll(async () => { await t?.app.close(); });

const verify = (app: TestIdentity['app'], session: TestSession | null, password: unknown, ip = '203.0.113.7', extraCookies: Record<string, string> = {}) =>
  app.inject({
    method: 'POST', url: '/api/admin/verify-password', payload: { password } as object,
    cookies: { ...(session ? { lp_session: session.token } : {}), ...extraCookies }, headers: { 'x-forwarded-for': ip },
  });

describe('POST /api/admin/verify-password', () => {
  it('refuses a non-owner with 403 whatever the password, and a visitor with 401', async () => {
    const asha = await sessionFor(t, ASHA);
    for (const password of ['admin-demo', 'wrong']) {
      const res = await verify(t.app, asha, password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'NOT_OWNER' });
      expect(setCookies(res.headers).find((c) => c.name === 'lp_admin')).toBeUndefined();
    }
    expect((await verify(t.app, null, 'admin-demo')).statusCode).toBe(401);
  });

  it('refuses a wrong password with the spec text, and grants a one-hour admin token for the right one', async () => {
    const owner = await sessionFor(t, OWNER);
    const wrong = await verify(t.app, owner, 'admin-dem0', '198.51.100.1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Access Denied, Incorrect password', code: 'WRONG_ADMIN_PASSWORD' });

    const ok = await verify(t.app, owner, 'admin-demo', '198.51.100.1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().elevated).toBe(true);
    expect(Date.parse(ok.json().expiresAt) - t.clock.now.getTime()).toBeGreaterThan(3599_000);
    expect(Date.parse(ok.json().expiresAt) - t.clock.now.getTime()).toBeLessThanOrEqual(3600_000);
    const cookie = setCookies(ok.headers).find((c) => c.name === 'lp_admin')!;
    expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict']));
    expect(cookie.path).toBe('/');
    expect(cookie.maxAge).toBeGreaterThanOrEqual(3599);
    expect(cookie.maxAge).toBeLessThanOrEqual(3600);

    // Any service's requireAdmin verifies it with identity's published key.
    const jwks = (await t.app.inject('/.well-known/jwks.json')).json();
    const verifier = createSessionVerifier(createLocalJWKSet(jwks));
    expect(await verifier.verifyAdmin(cookie.value)).toMatchObject({ sub: OWNER.userId, sid: owner.sid });
    expect(await verifier.verifySession(cookie.value)).toBeNull();

    const status = await t.app.inject({ url: '/api/admin/session', cookies: { lp_session: owner.token, lp_admin: cookie.value } });
    expect(status.json()).toEqual({ elevated: true, expiresAt: ok.json().expiresAt });
    // The elevation belongs to that sign-in session: another session of the same owner does not have it.
    const other = await sessionFor(t, OWNER);
    expect((await t.app.inject({ url: '/api/admin/session', cookies: { lp_session: other.token, lp_admin: cookie.value } })).json()).toEqual({ elevated: false, expiresAt: null });

    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', cookies: { lp_session: owner.token, lp_admin: cookie.value } });
    expect(out.json()).toEqual({ ok: true });
    expect(setCookies(out.headers).find((c) => c.name === 'lp_admin')!.value).toBe('');
    expect((await t.app.inject({ url: '/api/admin/session', cookies: { lp_session: owner.token } })).json()).toEqual({ elevated: false, expiresAt: null });
    // A copy of the old admin cookie is dead too: admin sign-out ended that elevation everywhere.
    expect((await t.app.inject({ url: '/api/admin/session', cookies: { lp_session: owner.token, lp_admin: cookie.value } })).json()).toEqual({ elevated: false, expiresAt: null });
    expect(await verifier.verifyAdmin(cookie.value)).toMatchObject({ sub: OWNER.userId }); // a verifier that has not heard of it...
    expect(await t.app.sessions.verifyAdmin(cookie.value)).toBeNull(); // ...and identity's, which has
  });

  it('ends the elevation with the session: sign-out takes the admin cookie along', async () => {
    const owner = await sessionFor(t, OWNER);
    const ok = await verify(t.app, owner, 'admin-demo', '198.51.100.2');
    const admin = setCookies(ok.headers).find((c) => c.name === 'lp_admin')!.value;
    expect(await t.app.sessions.verifyAdmin(admin)).toMatchObject({ sid: owner.sid });
    await t.app.inject({ url: '/api/logout', cookies: { lp_session: owner.token, lp_refresh: owner.refresh } });
    expect(await t.app.sessions.verifyAdmin(admin)).toBeNull();
    expect((await t.app.inject({ url: '/api/admin/session', cookies: { lp_session: owner.token, lp_admin: admin } })).statusCode).toBe(401);
  });

  it('validates the body: a blank or missing password is a 400', async () => {
    const owner = await sessionFor(t, OWNER);
    for (const payload of [{ password: '' }, { password: '   ' }, {}, { password: 'x'.repeat(201) }, { password: 'admin-demo', extra: 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/verify-password', payload, cookies: { lp_session: owner.token } });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/password|must not have the field 'extra'/);
    }
  });

  it('counts only wrong passwords: an owner elevating again and again is never limited', async () => {
    const t2 = await buildIdentity();
    try {
      const owner = await sessionFor(t2, OWNER);
      for (let i = 0; i < 8; i++) expect((await verify(t2.app, owner, 'admin-demo', '192.0.2.50')).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await verify(t2.app, owner, `guess-${i}`, '192.0.2.50')).statusCode).toBe(403);
      expect((await verify(t2.app, owner, 'admin-demo', '192.0.2.50')).statusCode).toBe(200);
      expect((await verify(t2.app, owner, 'guess-5', '192.0.2.50')).statusCode).toBe(403);
      // Five wrong ones now: even the right password waits for the window.
      expect((await verify(t2.app, owner, 'admin-demo', '192.0.2.50')).statusCode).toBe(429);
    } finally {
      await t2.app.close();
    }
  });

  it('allows 5 attempts per 15 minutes per user and per IP, then answers 429 even for the right password', async () => {
    const limited = await buildIdentity();
    try {
      const owner = await sessionFor(limited, OWNER);
      for (let i = 0; i < 5; i++) expect((await verify(limited.app, owner, `guess-${i}`, '192.0.2.1')).statusCode).toBe(403);
      const sixth = await verify(limited.app, owner, 'admin-demo', '192.0.2.99');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' });
      expect(sixth.json().message).toMatch(/Too many admin password attempts\. Try again in \d+ minutes?\./);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(900);

      // Per IP: another owner from the same address is limited too; from another address they are not.
      const second = await addUser(limited, { subject: 'g-owner-2', email: 'owner2@example.com', firstName: 'Second', lastName: 'Owner', role: 'owner' });
      const secondOwner = await sessionFor(limited, second);
      expect((await verify(limited.app, secondOwner, 'admin-demo', '192.0.2.1')).statusCode).toBe(429);
      expect((await verify(limited.app, secondOwner, 'admin-demo', '192.0.2.2')).statusCode).toBe(200);

      // The window passes.
      limited.clock.advance(15 * 60_000);
      expect((await verify(limited.app, owner, 'admin-demo', '192.0.2.1')).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('keys a direct caller (not the gateway) by its own address: a forged X-Forwarded-For does not escape the limit', async () => {
    const limited = await buildIdentity();
    try {
      const owner = await sessionFor(limited, OWNER);
      const second = await sessionFor(limited, await addUser(limited, { subject: 'g-owner-3', email: 'owner3@example.com', firstName: 'Third', lastName: 'Owner', role: 'owner' }));
      const direct = (session: TestSession, password: string, forged: string) => limited.app.inject({
        method: 'POST', url: '/api/admin/verify-password', payload: { password }, remoteAddress: '198.51.100.40',
        cookies: { lp_session: session.token }, headers: { 'x-forwarded-for': forged },
      });
      for (let i = 0; i < 5; i++) expect((await direct(owner, `guess-${i}`, `203.0.113.${i}`)).statusCode).toBe(403);
      // Another owner, another forged address, same socket: the per-IP window is already spent.
      expect((await direct(second, 'admin-demo', '203.0.113.200')).statusCode).toBe(429);
    } finally {
      await limited.app.close();
    }
  });

  it('uses ADMIN_PASSWORD_HASH when set (the demo password then fails)', async () => {
    const configured = await buildIdentity({ env: { ADMIN_PASSWORD_HASH: await hashAdminPassword('correct horse battery', { N: 2 ** 14, r: 8, p: 1 }) } });
    try {
      const owner = await sessionFor(configured, OWNER);
      expect((await verify(configured.app, owner, 'admin-demo')).statusCode).toBe(403);
      expect((await verify(configured.app, owner, 'correct horse battery')).statusCode).toBe(200);
    } finally {
      await configured.app.close();
    }
  });
});

describe('production without configuration', () => {
  it('refuses elevation with 503, disables the demo sign-in, and uses __Host- cookies', async () => {
    const prod = await buildIdentity({ env: { NODE_ENV: 'production' } });
    try {
      // No demo accounts are seeded here: the demo sign-in is off.
      const owner = await sessionFor(prod, await addUser(prod, { subject: 'g-owner', email: 'owner@example.com', firstName: 'Real', lastName: 'Owner', role: 'owner' }));
      const res = await prod.app.inject({ method: 'POST', url: '/api/admin/verify-password', payload: { password: 'admin-demo' }, cookies: { '__Host-lp_session': owner.token } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'ADMIN_NOT_CONFIGURED', message: expect.stringContaining('ADMIN_PASSWORD_HASH') });

      const login = await prod.app.inject('/api/login');
      expect(login.statusCode).toBe(503);
      expect(login.json()).toMatchObject({ code: 'SIGN_IN_NOT_CONFIGURED', message: expect.stringContaining('GOOGLE_CLIENT_ID') });

      const renewed = await prod.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { '__Secure-lp_refresh': owner.refresh } });
      expect(renewed.statusCode).toBe(200);
      const session = setCookies(renewed.headers).find((c) => c.name === '__Host-lp_session')!;
      expect(session.attributes).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=lax']));
      expect(session.path).toBe('/');
    } finally {
      await prod.app.close();
    }
  });
});
