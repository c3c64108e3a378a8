// Verifies the provider's id_token ourselves: grant only compares its audience and nonce, without checking
// the signature. Signature against the provider's JWKS, issuer, audience, expiry and nonce, all required.
import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface IdTokenExpectations {
  /** Accepted issuers (Google signs with both `https://accounts.google.com` and `accounts.google.com`). */
  issuers: string[];
  /** Our client id. */
  audience: string;
  /** The nonce this browser's flow sent. */
  nonce: string;
  /** For tests; defaults to now. */
  currentDate?: Date;
}

export class IdTokenError extends Error {}

/** The asymmetric algorithms OpenID providers sign with; `none` and HMAC are refused by construction. */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'PS256', 'EdDSA'];

export async function verifyIdToken(idToken: unknown, keys: JWTVerifyGetKey, expect: IdTokenExpectations): Promise<JWTPayload & { sub: string }> {
  if (typeof idToken !== 'string' || idToken.length === 0) throw new IdTokenError('The provider sent no id_token.');
  if (!expect.nonce) throw new IdTokenError('This sign-in has no nonce to compare with.');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: expect.issuers,
      audience: expect.audience,
      algorithms: ID_TOKEN_ALGORITHMS,
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      clockTolerance: 60,
      ...(expect.currentDate ? { currentDate: expect.currentDate } : {}),
    }));
  } catch (err) {
    throw new IdTokenError(reason(err));
  }
  if (payload.nonce !== expect.nonce) throw new IdTokenError('The id_token nonce does not match this sign-in.');
  // With several audiences, the token must have been issued to us (OpenID Connect Core 3.1.3.7).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expect.audience) {
    throw new IdTokenError('The id_token was issued to another client.');
  }
  return payload as JWTPayload & { sub: string };
}

function reason(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'The id_token has expired.';
  if (err instanceof errors.JWTClaimValidationFailed) return `The id_token ${err.claim} claim is not valid.`;
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'The id_token signature does not verify.';
  if (err instanceof errors.JOSEAlgNotAllowed) return 'The id_token is signed with an algorithm we do not accept.';
  if (err instanceof errors.JWKSNoMatchingKey) return 'The id_token is signed with a key the provider does not publish.';
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid) return 'The id_token is malformed.';
  return 'The id_token could not be verified.';
}
