// The tokens identity signs with its ES256 key, exactly as the service kit verifies them (auth/session.ts).
import { ADMIN_AUDIENCE, SESSION_AUDIENCE, SESSION_ISSUER, type Role } from '@lp/service-kit';
import { SignJWT } from 'jose';
import type { SigningKey } from '../keys/signing-key';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The session JWT: sub = user id, role, sid; audience lp-session. */
export function signSessionToken(key: SigningKey, claims: { sub: string; role: Role; sid: string }, issuedAt: Date, expiresAt: Date): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(SESSION_ISSUER).setAudience(SESSION_AUDIENCE).setSubject(claims.sub)
    .setIssuedAt(seconds(issuedAt)).setExpirationTime(seconds(expiresAt))
    .sign(key.privateKey);
}

/**
 * The admin elevation token: sub = user id, sid of the session it was granted in, eid its own id (ended by an
 * admin sign-out); audience lp-admin.
 */
export function signAdminToken(key: SigningKey, claims: { sub: string; sid: string; eid: string }, issuedAt: Date, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid, eid: claims.eid })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(SESSION_ISSUER).setAudience(ADMIN_AUDIENCE).setSubject(claims.sub)
    .setIssuedAt(seconds(issuedAt)).setExpirationTime(seconds(expiresAt))
    .sign(key.privateKey);
}
