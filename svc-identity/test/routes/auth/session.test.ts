// Sessions: what a forged or stale cookie gets, renewal, the idle and absolute limits, sign-out.
import { SESSION_AUDIENCE, SESSION_ISSUER } from '@lp/service-kit';
import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair } from 'jose';
import { movableClock } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASHA, buildIdentity, sidOf, sessionFor, setCookies, type TestIdentity } from '../../support/harness';

let t: TestIdentity;
beforeAll(async () => {
  t = await buildIdentity({
    clock: movableClock(),
    env: { SESSION_TOKEN_TTL_SECONDS: '600', SESSION_IDLE_TIMEOUT_SECONDS: '3600', SESSION_ABSOLUTE_TIMEOUT_SECONDS: '10800' },
  });
});
afterAll(async () => { await t?.app.close(); });

const minutes = (n: number) => n * 60_000;
const user = (cookies: Record<string, string>) => t.app.inject({ url: '/api/auth/user', cookies });
const refresh = (cookies: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies });
const newSessionCookie = (res: { headers: Record<string, unknown> }) => setCookies(res.headers).find((c) => c.name === 'lp_session' && c.value)?.value;
/** The rotated refresh token a renewal sets (each one works once). */
const newRefresh = (res: { headers: Record<string, unknown> }) => setCookies(res.headers).find((c) => c.name === 'lp_refresh' && c.value)?.value;

describe('a session cookie that is not ours is a visitor', () => {
  it('refuses tampered, expired, alg:none, foreign-key and wrong-audience tokens', async () => {
    const s = await sessionFor(t, ASHA);
    expect((await user({ lp_session: s.token })).statusCode).toBe(200);

    const [header, payload, signature] = s.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const asOwner = Buffer.from(JSON.stringify({ ...claims, role: 'owner' })).toString('base64url');
    const tampered = `${header}.${asOwner}.${signature}`;
    const expired = await t.keys.session(ASHA.userId, 'learner', { sid: sidOf(s.sid), expiresIn: Math.floor(Date.now() / 1000) - 5 });
    const none = new UnsecuredJWT({ role: 'owner', sid: s.sid }).setSubject(ASHA.userId).setIssuer(SESSION_ISSUER).setAudience(SESSION_AUDIENCE).setExpirationTime('5m').encode();
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ role: 'owner', sid: s.sid }).setProtectedHeader({ alg: 'ES256' }).setSubject(ASHA.userId)
      .setIssuer(SESSION_ISSUER).setAudience(SESSION_AUDIENCE).setExpirationTime('5m').sign(privateKey);
    const adminAsSession = await t.keys.admin(ASHA.userId, { sid: sidOf(s.sid) });
    // An HMAC token keyed with our public key (algorithm confusion).
    const publicJwk = await exportJWK(t.keys.publicKey);
    const hmac = await new SignJWT({ role: 'owner', sid: s.sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(ASHA.userId)
      .setIssuer(SESSION_ISSUER).setAudience(SESSION_AUDIENCE).setExpirationTime('5m').sign(new TextEncoder().encode(JSON.stringify(publicJwk)));

    for (const [what, token] of Object.entries({ tampered, expired, none, foreign, adminAsSession, hmac, garbage: 'not.a.jwt' })) {
      const res = await user({ lp_session: token });
      expect(res.statusCode, what).toBe(401);
      expect(res.json(), what).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'UNAUTHENTICATED' });
    }
  });

  it('refuses a valid token under the wrong cookie name, or in an Authorization header', async () => {
    const s = await sessionFor(t, ASHA);
    expect((await user({ session: s.token })).statusCode).toBe(401);
    expect((await user({ lp_admin: s.token })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${s.token}` } })).statusCode).toBe(401);
    // A refresh token that was never issued renews nothing, and its cookies are cleared.
    const wrong = await refresh({ lp_refresh: 'A'.repeat(43) });
    expect(wrong.statusCode).toBe(401);
    expect(setCookies(wrong.headers).filter((c) => c.value === '').map((c) => c.name)).toContain('lp_refresh');
  });
});

describe('renewal and the session limits', () => {
  it('renews an expired token from the refresh cookie, on GET /api/auth/user and POST /api/auth/refresh', async () => {
    const s = await sessionFor(t, ASHA);
    const expired = await t.keys.session(ASHA.userId, 'learner', { sid: sidOf(s.sid), expiresIn: Math.floor(Date.now() / 1000) - 5 });
    const viaUser = await user({ lp_session: expired, lp_refresh: s.refresh });
    expect(viaUser.statusCode).toBe(200);
    expect(viaUser.json().id).toBe(ASHA.userId);
    const renewed = newSessionCookie(viaUser)!;
    expect(await t.keys.verifier.verifySession(renewed)).toMatchObject({ sub: ASHA.userId, sid: s.sid, role: 'learner' });

    const rotated = newRefresh(viaUser)!;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(s.refresh);
    const viaRefresh = await refresh({ lp_refresh: rotated });
    expect(viaRefresh.statusCode).toBe(200);
    expect(viaRefresh.json()).toMatchObject({ userId: ASHA.userId, role: 'learner' });
    expect(Date.parse(viaRefresh.json().expiresAt) - t.clock.now.getTime()).toBeGreaterThan(599_000);
    expect(newSessionCookie(viaRefresh)).toBeTruthy();
    expect(viaRefresh.headers['cache-control']).toBe('no-store');
    expect(newRefresh(viaRefresh)).not.toBe(rotated);

    expect((await refresh({})).statusCode).toBe(401);
  });

  it('treats a spent refresh token coming back as theft: the whole session ends, for both holders', async () => {
    const s = await sessionFor(t, ASHA);
    const first = await refresh({ lp_refresh: s.refresh });
    expect(first.statusCode).toBe(200);
    const legitimate = newRefresh(first)!;
    const renewedToken = newSessionCookie(first)!;

    t.clock.advance(11_000); // past the grace for two tabs renewing together
    const replayed = await refresh({ lp_refresh: s.refresh });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toMatch(/used from two places/);
    // Everything of the session is over: the rotated refresh token and every session token it issued.
    expect((await refresh({ lp_refresh: legitimate })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/session', cookies: { lp_session: renewedToken } })).statusCode).toBe(401);
    expect((await user({ lp_session: s.token })).statusCode).toBe(401);
  });

  it('gives two renewals at once with the same refresh token (two tabs waking together) the same new session; a reuse after the grace still ends it', async () => {
    const s = await sessionFor(t, ASHA);
    const answers = await Promise.all([refresh({ lp_refresh: s.refresh }), refresh({ lp_refresh: s.refresh }), refresh({ lp_refresh: s.refresh })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rotated = new Set(answers.map((a) => newRefresh(a)));
    expect(rotated.size).toBe(1);
    for (const a of answers) expect((await t.app.inject({ url: '/api/auth/session', cookies: { lp_session: newSessionCookie(a)! } })).statusCode).toBe(200);
    // A few seconds later (still within the grace) the slower tab gets the same result too.
    t.clock.advance(5_000);
    const late = await refresh({ lp_refresh: s.refresh });
    expect(late.statusCode).toBe(200);
    expect(newRefresh(late)).toBe([...rotated][0]);
    // The new token works once, as every refresh token does.
    const next = await refresh({ lp_refresh: [...rotated][0]! });
    expect(next.statusCode).toBe(200);

    t.clock.advance(11_000);
    const stolen = await refresh({ lp_refresh: s.refresh });
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().message).toMatch(/used from two places/);
    expect((await refresh({ lp_refresh: newRefresh(next)! })).statusCode).toBe(401);
  });

  it('ends a session left idle past the idle limit', async () => {
    const s = await sessionFor(t, ASHA);
    t.clock.advance(minutes(50));
    const active = await refresh({ lp_refresh: s.refresh });
    expect(active.statusCode).toBe(200); // activity at +50 min
    const cookies = { lp_session: s.token, lp_refresh: newRefresh(active)! };
    t.clock.advance(minutes(59));
    const stillAlive = await user(cookies);
    expect(stillAlive.statusCode).toBe(200); // +109 min: 59 min idle, still alive
    cookies.lp_refresh = newRefresh(stillAlive) ?? cookies.lp_refresh;
    t.clock.advance(minutes(61));
    const idle = await user(cookies);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe('Your session ended after 1 hour without activity. Sign in again to continue.');
  });

  it('ends an active session at the absolute limit, and never issues a token past it', async () => {
    const s = await sessionFor(t, ASHA);
    let current = s.refresh;
    for (const step of [50, 50, 50, 25]) {
      t.clock.advance(minutes(step));
      const renewed = await refresh({ lp_refresh: current });
      expect(renewed.statusCode).toBe(200);
      current = newRefresh(renewed)!;
    }
    // At +175 min, 5 minutes before the absolute end: the new token stops at the end, not 10 minutes later.
    const last = await refresh({ lp_refresh: current });
    expect(Date.parse(last.json().expiresAt)).toBe(Math.floor((s.createdAt.getTime() + minutes(180)) / 1000) * 1000);
    expect(await t.keys.verifier.verifySession(newSessionCookie(last)!)).toMatchObject({ exp: Math.floor((s.createdAt.getTime() + minutes(180)) / 1000) });
    t.clock.advance(minutes(25)); // 200 min > 180 min
    const over = await refresh({ lp_refresh: newRefresh(last)! });
    expect(over.statusCode).toBe(401);
    expect(over.json().message).toBe('Your session reached its 3 hours limit. Sign in again to continue.');
  });

  it('sign-out ends the session: renewal refused, and the still-signed token refused even where only the token is read', async () => {
    const s = await sessionFor(t, ASHA);
    expect((await t.app.inject({ url: '/api/auth/session', cookies: { lp_session: s.token } })).statusCode).toBe(200);
    const out = await t.app.inject({ url: '/api/logout', cookies: { lp_refresh: s.refresh } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    const again = await refresh({ lp_refresh: s.refresh });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('You have signed out. Sign in again to continue.');
    expect((await user({ lp_session: s.token })).statusCode).toBe(401);
    // Answered from the token alone, yet refused: the session's end is known (identity.session.ended).
    expect((await t.app.inject({ url: '/api/auth/session', cookies: { lp_session: s.token } })).statusCode).toBe(401);
  });

  it('revokes by the session token when the refresh cookie is not sent', async () => {
    const s = await sessionFor(t, ASHA);
    await t.app.inject({ url: '/api/logout', cookies: { lp_session: s.token } });
    expect((await refresh({ lp_refresh: s.refresh })).statusCode).toBe(401);
  });
});
