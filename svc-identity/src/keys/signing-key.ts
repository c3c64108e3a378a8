// The asymmetric key that signs sessions. Production passes it as SESSION_SIGNING_JWK (a secret);
// the embedded default generates one at first start and keeps it, so sessions survive restarts.
import { createHmac } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Connection } from 'mongoose';
import { SigningKeysRepository } from '../repositories/signing-keys';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** A secret for another purpose (e.g. signing the sign-in flow cookie), derived from the private key and `label`. */
  derivedSecret(label: string): string;
}

export async function loadSigningKey(db: Connection, env: NodeJS.ProcessEnv = process.env): Promise<SigningKey> {
  const jwk = env.SESSION_SIGNING_JWK ? (JSON.parse(env.SESSION_SIGNING_JWK) as JWK) : await storedOrNewJwk(db);
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('SESSION_SIGNING_JWK must be a private EC P-256 (ES256) JWK.');
  const { d: _private, ...publicPart } = jwk;
  const kid = await calculateJwkThumbprint(publicPart);
  return {
    kid,
    privateKey: (await importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey,
    publicJwk: { ...publicPart, kid, alg: 'ES256', use: 'sig' },
    derivedSecret: (label) => createHmac('sha256', Buffer.from(jwk.d!, 'base64url')).update(`lp-identity:${label}`).digest('base64url'),
  };
}

async function storedOrNewJwk(db: Connection): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const candidate = await exportJWK(privateKey);
  // Two instances starting together agree on one key: the first stored.
  return await new SigningKeysRepository(db).currentOr(candidate as Record<string, unknown>, new Date()) as JWK;
}
