import { SignJWT, createLocalJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_AUDIENCE, SESSION_ISSUER, createSessionVerifier, type ServiceApp } from '@lp/service-kit';
import { createTestKeys, serviceBasics } from '@lp/service-kit/testing';
import { loadSigningKey } from '../src/keys/signing-key';
import { buildIdentity } from './support/harness';

let app: ServiceApp;
beforeAll(async () => { app = (await buildIdentity({ env: { SESSION_SIGNING_JWK: '' } })).app; });
afterAll(async () => { await app?.close(); });

describe('svc-identity on real FerretDB and NATS', () => {
  it('is alive, ready with Mongo and NATS, documents its API, and owns its own database', async () => {
    const basics = await serviceBasics(app);
    expect(basics.health).toBe(200);
    expect(basics.ready).toMatchObject({ status: 200, mongo: true, nats: true });
    expect(basics.openapi.paths).toHaveProperty('/.well-known/jwks.json');
    expect(basics.database).toMatch(/^identity_t_/);
  });

  it('publishes a public ES256 key that verifies the sessions it signs, and keeps the key across restarts', async () => {
    const jwks = (await app.inject('/.well-known/jwks.json')).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const key = await loadSigningKey(app.db);
    expect(key.kid).toBe(jwks.keys[0].kid);
    const token = await new SignJWT({ sub: 'u1', role: 'learner', sid: 's1' }).setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setIssuer(SESSION_ISSUER).setAudience(SESSION_AUDIENCE).setExpirationTime('5m').sign(key.privateKey);
    const verifier = createSessionVerifier(createLocalJWKSet(jwks));
    expect(await verifier.verifySession(token)).toMatchObject({ sub: 'u1' });
  });

  it('refuses a configured signing key that is not a private P-256 key', async () => {
    await expect(loadSigningKey(app.db, { SESSION_SIGNING_JWK: JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }) }))
      .rejects.toThrow(/private EC P-256/);
  });
});

describe('GET /api/auth/session', () => {
  it('answers the verified session of the cookie, and 401 without one or with a forged one', async () => {
    const keys = await createTestKeys();
    const { app: local } = await buildIdentity({ keys });
    try {
      const token = await keys.session('64b000000000000000000001', 'owner');
      const ok = await local.inject({ url: '/api/auth/session', cookies: { lp_session: token } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ userId: '64b000000000000000000001', role: 'owner' });
      expect(Date.parse(ok.json().expiresAt)).toBeGreaterThan(Date.now());

      const none = await local.inject('/api/auth/session');
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

      const bearer = await local.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
      expect(bearer.statusCode).toBe(401);

      const other = await createTestKeys();
      const forged = await local.inject({ url: '/api/auth/session', cookies: { lp_session: await other.session('64b000000000000000000001', 'owner') } });
      expect(forged.statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });
});
