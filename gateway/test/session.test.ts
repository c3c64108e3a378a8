// The session cookie at the edge: a valid one is forwarded, anything else is dropped and cleared.
import { SignJWT, generateKeyPair } from 'jose';
import { SESSION_AUDIENCE, SESSION_ISSUER } from '@lp/service-kit';
import { describe, expect, it } from 'vitest';
import { readCookie, withoutCookie } from '../src/session';
import { gatewayForFile, startGateway, type Echo } from './helpers';

const setup = gatewayForFile();

/** A public route: a visitor's call reaches the service (user routes are refused at the edge, see edge.test.ts). */
const PUBLIC_ROUTE = '/api/chapters/64b7f0c2a1b2c3d4e5f60718';
const CLEARED = 'lp_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax';

async function withCookie(cookie: string) {
  const res = await setup.gateway.inject({ method: 'GET', url: PUBLIC_ROUTE, headers: { cookie } });
  return { res, echo: res.json<Echo>() };
}

describe('session cookie', () => {
  it('forwards a valid session and sets no cookie', async () => {
    const token = await setup.keys.session('64b7f0c2a1b2c3d4e5f60718');
    const { res, echo } = await withCookie(`theme=dark; lp_session=${token}; lp_admin=adm`);
    expect(echo.headers.cookie).toBe(`theme=dark; lp_session=${token}; lp_admin=adm`);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['expired', async () => setup.keys.session('64b7f0c2a1b2c3d4e5f60718', 'learner', { expiresIn: Math.floor(Date.now() / 1000) - 60 })],
    ['tampered', async () => {
      const [h, p, s] = (await setup.keys.session('64b7f0c2a1b2c3d4e5f60718')).split('.');
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
      return [h, Buffer.from(JSON.stringify({ ...claims, role: 'owner' })).toString('base64url'), s].join('.');
    }],
    ['signed by another key', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      return new SignJWT({ sub: 'x', role: 'owner', sid: 's' }).setProtectedHeader({ alg: 'ES256' })
        .setIssuer(SESSION_ISSUER).setAudience(SESSION_AUDIENCE).setExpirationTime('5m').sign(privateKey);
    }],
    ['not a JWT', async () => 'garbage'],
    ['empty', async () => ''],
  ])('drops and clears a session that is %s', async (_what, token) => {
    const { res, echo } = await withCookie(`theme=dark; lp_session=${await token()}; lp_admin=adm`);
    expect(echo.headers.cookie).toBe('theme=dark; lp_admin=adm');
    expect(res.headers['set-cookie']).toBe(CLEARED);
  });

  it('forwards no Cookie header when the bad session was the only cookie', async () => {
    const { res, echo } = await withCookie('lp_session=garbage');
    expect(echo.headers.cookie).toBeUndefined();
    expect(res.headers['set-cookie']).toBe(CLEARED);
  });

  it('keeps a fresh session the service sets over the clearing one', async () => {
    // /api/login on the fake identity sets other cookies: the clearing one is added beside them.
    const res = await setup.gateway.inject({ method: 'GET', url: '/api/login', headers: { cookie: 'lp_session=garbage' } });
    expect(res.headers['set-cookie']).toEqual(['lp_oauth=xyz; Path=/; HttpOnly', 'lp_other=1; Path=/', CLEARED]);
  });

  it('clears a bad session on an unknown /api path too', async () => {
    const res = await setup.gateway.inject({ method: 'GET', url: '/api/nope', headers: { cookie: 'lp_session=garbage' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['set-cookie']).toBe(CLEARED);
  });

  it('never reads a session from Authorization', async () => {
    const token = await setup.keys.session('64b7f0c2a1b2c3d4e5f60718');
    const res = await setup.gateway.inject({ method: 'GET', url: PUBLIC_ROUTE, headers: { authorization: `Bearer ${token}` } });
    expect(res.json<Echo>().headers.authorization).toBeUndefined();
    expect(res.json<Echo>().headers.cookie).toBeUndefined();
  });

  it('uses the __Host- cookie, cleared with Secure, in production', async () => {
    const gw = await startGateway({ upstreams: setup.services.urls, verifier: setup.keys.verifier, production: true });
    const res = await gw.inject({ method: 'GET', url: PUBLIC_ROUTE, headers: { cookie: 'lp_session=ignored; __Host-lp_session=bad' } });
    await gw.close();
    expect(res.json<Echo>().headers.cookie).toBe('lp_session=ignored');
    expect(res.headers['set-cookie']).toBe('__Host-lp_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax; Secure');
  });
});

describe('cookie header helpers', () => {
  it('reads and removes exactly the named cookie', () => {
    expect(readCookie('a=1; xlp_session=2; lp_session=3', 'lp_session=')).toBe('3');
    expect(readCookie('a=1', 'lp_session=')).toBeUndefined();
    expect(readCookie('lp_session="q"', 'lp_session=')).toBe('q');
    expect(readCookie('a=lp_session=4;lp_session=5 ', 'lp_session=')).toBe('5');
    expect(readCookie('a=1;\tlp_session=6; b=7', 'lp_session=')).toBe('6');
    expect(readCookie('lp_session=', 'lp_session=')).toBe('');
    expect(readCookie('lp_session="', 'lp_session=')).toBe('"');
    expect(withoutCookie('a=1; xlp_session=2; lp_session=3;b=4', 'lp_session=')).toBe('a=1; xlp_session=2; b=4');
    expect(withoutCookie('lp_session=3', 'lp_session=')).toBeUndefined();
  });
});
