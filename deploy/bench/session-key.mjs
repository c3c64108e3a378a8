// The identity service's signing key, made by a bench so it can sign sessions identity (and so the gateway and
// every service) will accept: hand `privateJwk` to svc-identity as SESSION_SIGNING_JWK, then `sign(sub, role)`.
import { randomUUID } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';

export async function sessionKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
  const sign = (sub, role) => new SignJWT({ sub, role, sid: randomUUID() })
    .setProtectedHeader({ alg: 'ES256', kid }).setIssuer('lp-identity').setAudience('lp-session')
    .setIssuedAt().setExpirationTime('1h').sign(privateKey);
  return { privateJwk: JSON.stringify(await exportJWK(privateKey)), sign, session: await sign('64b7f0c2a1b2c3d4e5f60718', 'learner') };
}
