import { SignJWT, createLocalJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_AUDIENCE, SESSION_ISSUER, createSessionVerifier, type ServiceApp } from '@lp/service-kit';
import { buildTestService, createTestKeys, serviceBasics } from '@lp/service-kit/testing';
import { identityService } from '../src/app';
import { loadSigningKey } from '../src/keys/signing-key';

let app: ServiceApp;
beforeAll(async () => { app = await buildTestService(identityService, await createTestKeys()); });
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
