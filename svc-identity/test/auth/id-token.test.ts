// Our own id_token check, with tokens made here: signature, issuer, audience, expiry, nonce, algorithm.
import { SignJWT, UnsecuredJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyIdToken } from '../../src/auth/id-token';

const ISSUER = 'http://127.0.0.1:4010';
const CLIENT = 'lp-identity';
const NONCE = 'n-0123456789abcdef';
let keys: ReturnType<typeof createLocalJWKSet>;
let sign: (claims: JWTPayload, opts?: { key?: CryptoKey; alg?: string; exp?: number | string; audience?: string | string[] }) => Promise<string>;
let otherKey: CryptoKey;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  otherKey = (await generateKeyPair('RS256')).privateKey;
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] });
  sign = (claims, { key = privateKey, alg = 'RS256', exp = '5m', audience = CLIENT } = {}) =>
    new SignJWT({ nonce: NONCE, email: 'asha@demo.test', ...claims }).setProtectedHeader({ alg, kid: 'k1' })
      .setIssuer(ISSUER).setAudience(audience).setSubject('demo-learner').setIssuedAt().setExpirationTime(exp).sign(key);
});

const expect_ = { issuers: [ISSUER], audience: CLIENT, nonce: NONCE };

describe('verifyIdToken', () => {
  it('accepts a token signed by the provider for us, with our nonce', async () => {
    const claims = await verifyIdToken(await sign({}), keys, expect_);
    expect(claims).toMatchObject({ sub: 'demo-learner', email: 'asha@demo.test', iss: ISSUER, aud: CLIENT });
  });

  it('refuses a wrong signature, a tampered payload and a key the provider does not publish', async () => {
    const good = await sign({});
    const [h, p] = good.split('.') as [string, string];
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'demo-owner' })).toString('base64url')}.${good.split('.')[2]}`;
    await expect(verifyIdToken(tampered, keys, expect_)).rejects.toThrow('The id_token signature does not verify.');
    await expect(verifyIdToken(await sign({}, { key: otherKey }), keys, expect_)).rejects.toThrow('The id_token signature does not verify.');
  });

  it('refuses a wrong nonce, audience or issuer, and an expired token', async () => {
    await expect(verifyIdToken(await sign({ nonce: 'replayed' }), keys, expect_)).rejects.toThrow('The id_token nonce does not match this sign-in.');
    await expect(verifyIdToken(await sign({}), keys, { ...expect_, audience: 'someone-else' })).rejects.toThrow('The id_token aud claim is not valid.');
    await expect(verifyIdToken(await sign({}), keys, { ...expect_, issuers: ['https://accounts.google.com'] })).rejects.toThrow('The id_token iss claim is not valid.');
    await expect(verifyIdToken(await sign({}, { exp: Math.floor(Date.now() / 1000) - 120 }), keys, expect_)).rejects.toThrow('The id_token has expired.');
    await expect(verifyIdToken(await sign({ nonce: undefined }), keys, expect_)).rejects.toThrow(/nonce/);
  });

  it('refuses alg:none, HMAC, a missing token, and a sign-in without a nonce', async () => {
    const none = new UnsecuredJWT({ nonce: NONCE }).setIssuer(ISSUER).setAudience(CLIENT).setSubject('demo-owner').setIssuedAt().setExpirationTime('5m').encode();
    await expect(verifyIdToken(none, keys, expect_)).rejects.toThrow(/algorithm we do not accept|could not be verified/);
    const hmac = await new SignJWT({ nonce: NONCE }).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).setIssuer(ISSUER).setAudience(CLIENT)
      .setSubject('demo-owner').setIssuedAt().setExpirationTime('5m').sign(new TextEncoder().encode('x'.repeat(32)));
    await expect(verifyIdToken(hmac, keys, expect_)).rejects.toThrow('The id_token is signed with an algorithm we do not accept.');
    await expect(verifyIdToken(undefined, keys, expect_)).rejects.toThrow('The provider sent no id_token.');
    await expect(verifyIdToken(await sign({}), keys, { ...expect_, nonce: '' })).rejects.toThrow('This sign-in has no nonce to compare with.');
  });

  it('with several audiences, requires azp to be us', async () => {
    await expect(verifyIdToken(await sign({}, { audience: [CLIENT, 'other'] }), keys, expect_)).rejects.toThrow('The id_token was issued to another client.');
    await expect(verifyIdToken(await sign({ azp: 'other' }, { audience: [CLIENT, 'other'] }), keys, expect_)).rejects.toThrow('The id_token was issued to another client.');
    await expect(verifyIdToken(await sign({ azp: CLIENT }, { audience: [CLIENT, 'other'] }), keys, expect_)).resolves.toMatchObject({ azp: CLIENT });
  });
});
