import { SignJWT, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_AUDIENCE, SESSION_AUDIENCE, SESSION_ISSUER, SessionCheckUnavailable, createSessionVerifier } from '../src/auth/session';
import { createTestKeys, type TestKeys } from '../src/testing/index';

let keys: TestKeys;
beforeAll(async () => { keys = await createTestKeys(); });

describe('session verification', () => {
  it('accepts a valid session and returns its claims', async () => {
    const token = await keys.session('u1', 'owner');
    expect(await keys.verifier.verifySession(token)).toMatchObject({ sub: 'u1', role: 'owner' });
  });

  it('refuses a tampered token', async () => {
    const token = await keys.session('u1');
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), role: 'owner' })).toString('base64url');
    expect(await keys.verifier.verifySession(`${h}.${forged}.${s}`)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const token = await keys.session('u1', 'learner', { expiresIn: Math.floor(Date.now() / 1000) - 10 });
    expect(await keys.verifier.verifySession(token)).toBeNull();
  });

  it("refuses alg 'none' and tokens signed by another key", async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'u1', role: 'owner', sid: 's', iss: SESSION_ISSUER, aud: SESSION_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    expect(await keys.verifier.verifySession(`${header}.${payload}.`)).toBeNull();
    const other = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ sub: 'u1', role: 'owner', sid: 's' }).setProtectedHeader({ alg: 'ES256' })
      .setIssuer(SESSION_ISSUER).setAudience(SESSION_AUDIENCE).setExpirationTime('10m').sign(other.privateKey);
    expect(await keys.verifier.verifySession(foreign)).toBeNull();
  });

  it('keeps session and admin tokens apart', async () => {
    const admin = await keys.admin('u1');
    expect(await keys.verifier.verifySession(admin)).toBeNull();
    expect(await keys.verifier.verifyAdmin(admin)).toMatchObject({ sub: 'u1' });
    expect(await keys.verifier.verifyAdmin(await keys.session('u1', 'owner'))).toBeNull();
  });

  it('still refuses a cached token once it has expired', async () => {
    const verifier = createSessionVerifier(keys.publicKey);
    const token = await new SignJWT({ sub: 'u1', role: 'learner', sid: 's' }).setProtectedHeader({ alg: 'ES256' })
      .setIssuer(SESSION_ISSUER).setAudience(SESSION_AUDIENCE).setExpirationTime(Math.floor(Date.now() / 1000) + 1).sign(keys.privateKey);
    expect(await verifier.verifySession(token)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 2100));
    expect(await verifier.verifySession(token)).toBeNull();
    expect(ADMIN_AUDIENCE).not.toBe(SESSION_AUDIENCE);
  });

  it('knows a verified session without waiting, and nothing it has not verified', async () => {
    const verifier = createSessionVerifier(keys.publicKey);
    const token = await keys.session('u2', 'learner');
    expect(verifier.cachedSession(token)).toBeUndefined();
    await verifier.verifySession(token);
    expect(verifier.cachedSession(token)).toMatchObject({ sub: 'u2', role: 'learner' });
    const admin = await keys.admin('u2');
    await verifier.verifyAdmin(admin);
    expect(verifier.cachedSession(admin)).toBeUndefined(); // an admin token is never a session
    verifier.forget(token);
    expect(verifier.cachedSession(token)).toBeUndefined();
  });

  it('cannot tell while the key set cannot be fetched: 503 to retry, not a forged token (the cookie stays)', async () => {
    let status = 500;
    const jwks = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? JSON.stringify({ keys: [keys.publicJwk] }) : '{}');
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`;
    try {
      const token = await keys.session('u3');
      const down = createSessionVerifier(url, { ended: async () => false });
      await expect(down.verifySession(token)).rejects.toBeInstanceOf(SessionCheckUnavailable);
      const unreachable = createSessionVerifier('http://127.0.0.1:9/jwks', { ended: async () => false });
      await expect(unreachable.verifySession(token)).rejects.toBeInstanceOf(SessionCheckUnavailable);

      status = 200;
      const up = createSessionVerifier(url, { ended: async () => false });
      expect(await up.verifySession(token)).toMatchObject({ sub: 'u3' });
      // With the key set at hand, a token it cannot vouch for is refused as before.
      const { privateKey } = await generateKeyPair('ES256');
      const stranger = await new SignJWT({ sub: 'u3', role: 'learner', sid: 's' }).setProtectedHeader({ alg: 'ES256', kid: 'test' })
        .setIssuer(SESSION_ISSUER).setAudience(SESSION_AUDIENCE).setExpirationTime('5m').sign(privateKey);
      expect(await up.verifySession(stranger)).toBeNull();
      expect(await up.verifySession('not.a.token')).toBeNull();
    } finally {
      await new Promise((resolve) => jwks.close(resolve));
    }
  });
});
