// Session verification with the identity service's public key. Sessions are cookie-only:
// an Authorization header is never read, so a token cannot be replayed outside the browser's cookie jar.
import type { KeyObject } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../errors';
import { RevocationList } from './revocations';

export const SESSION_ISSUER = 'lp-identity';
export const SESSION_AUDIENCE = 'lp-session';
export const ADMIN_AUDIENCE = 'lp-admin';
/** Only asymmetric algorithms we sign with; `none` and HMAC confusion are refused by construction. */
export const SESSION_ALGORITHMS = ['ES256'];

export type Role = 'owner' | 'learner';
export interface SessionClaims {
  sub: string;
  role: Role;
  sid: string;
  exp: number;
}
export interface AdminClaims {
  sub: string;
  /** The sign-in session the elevation was granted in: it is valid only alongside that session. */
  sid: string;
  /** The elevation's own id, ended by an admin sign-out. */
  eid: string;
  exp: number;
}

export function cookieNames(production: boolean) {
  // `__Host-` binds the cookie to this exact origin over HTTPS, with no Domain and Path=/.
  // The refresh cookie is identity's alone (its paths are /api/auth, /api/login, /api/logout); the gateway needs
  // its name only to let a renewal through to identity. `member` says only "this browser has a sign-in" (it lives as
  // long as the refresh cookie, on every path): the gateway sends such a browser the app, not a visitor's
  // prerendered page, even once the 10-minute session cookie has gone.
  return production
    ? { session: '__Host-lp_session', admin: '__Host-lp_admin', refresh: '__Secure-lp_refresh', member: '__Host-lp_member' }
    : { session: 'lp_session', admin: 'lp_admin', refresh: 'lp_refresh', member: 'lp_member' };
}

type KeySource = string | JWTVerifyGetKey | CryptoKey | KeyObject | Uint8Array;

/**
 * jose's codes for a token that is itself wrong (malformed, forged, expired, wrong audience or algorithm, a key id
 * the key set does not have). Any other failure (the key set timed out, answered non-200 or garbage, the network
 * failed) says nothing about the token.
 */
const TOKEN_FAULTS = new Set([
  'ERR_JWS_INVALID', 'ERR_JWT_INVALID', 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED', 'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED', 'ERR_JOSE_ALG_NOT_ALLOWED', 'ERR_JOSE_NOT_SUPPORTED', 'ERR_JWK_INVALID',
  'ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
]);
const isTokenFault = (err: unknown) => TOKEN_FAULTS.has((err as { code?: unknown } | null)?.code as string);

/**
 * Whether a session ended cannot be told right now (the feed of ends is cut off and identity does not answer). The
 * call is refused with 503, which clients retry, rather than served as a visitor's: a signed-in learner's answer
 * must not be scored as a stranger's, nor their cookie cleared.
 */
export class SessionCheckUnavailable extends AppError {
  constructor() {
    super(503, 'Your sign-in cannot be checked right now. Please try again in a moment.', 'SESSION_CHECK_UNAVAILABLE');
  }
}

/** Asks identity whether a sign-in session (or, with `eid`, an admin elevation) has ended. Throws when it cannot tell. */
export type EndedCheck = (ids: { sid: string; eid?: string }) => Promise<boolean>;

/** An EndedCheck over HTTP against identity's internal route (contracts `CheckSessionEnded`), given its base URL. */
export function askIdentity(identityUrl: string, { timeoutMs = 800 } = {}): EndedCheck {
  return async ({ sid, eid }) => {
    const url = new URL('/internal/session-ended', identityUrl);
    url.searchParams.set('sid', sid);
    if (eid) url.searchParams.set('eid', eid);
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`identity answered ${res.status}`);
    return ((await res.json()) as { ended: boolean }).ended !== false;
  };
}

export interface SessionVerifierOptions {
  cacheSize?: number;
  revocations?: RevocationList;
  /**
   * Who to ask while the revocation list is not live (NATS cut off, or just back): identity. When nobody can
   * answer, the verification fails with SessionCheckUnavailable (503), the safe answer. Each answer holds for
   * `confirmMs` (500 ms), so a sign-out made meanwhile is honoured within that time, on every replica.
   */
  ended?: EndedCheck;
  confirmMs?: number;
}

/**
 * Verifies session and admin tokens. Verified tokens are cached until they expire, because an
 * ES256 verification costs ~0.1 ms of CPU and the same cookie arrives on every request. A token whose session
 * (or admin elevation) has ended is refused, cached or not: `revocations` is fed by `followRevocations`.
 */
export function createSessionVerifier(keySource: KeySource, { cacheSize = 10_000, revocations = new RevocationList(), ended: askEnded, confirmMs = 500 }: SessionVerifierOptions = {}) {
  const key = typeof keySource === 'string' ? createRemoteJWKSet(new URL(keySource), { cooldownDuration: 5_000 }) : keySource;
  const cache = new Map<string, { claims: SessionClaims | AdminClaims; audience: string }>();
  /** Identity's recent answers while the list is not live, by session (and elevation) id. */
  const confirmed = new Map<string, { ended: boolean; at: number }>();
  const asking = new Map<string, Promise<boolean>>();

  const listed = (claims: SessionClaims | AdminClaims) =>
    revocations.has(claims.sid) || ('eid' in claims && revocations.has(claims.eid));
  const idsOf = (claims: SessionClaims | AdminClaims) => ('eid' in claims ? `${claims.sid} ${claims.eid}` : claims.sid);

  /** Whether the token's session has ended, as far as is known now; undefined when identity must be asked. */
  function endedNow(claims: SessionClaims | AdminClaims): boolean | undefined {
    if (listed(claims)) return true;
    if (revocations.live) return false;
    const answer = confirmed.get(idsOf(claims));
    return answer && Date.now() - answer.at < confirmMs ? answer.ended : undefined;
  }

  /**
   * endedNow, asking identity (once at a time per session) when the list alone cannot tell; rejects with
   * SessionCheckUnavailable when nobody can tell.
   */
  function endedConfirmed(claims: SessionClaims | AdminClaims): boolean | Promise<boolean> {
    const known = endedNow(claims);
    if (known !== undefined) return known;
    if (!askEnded) return Promise.reject(new SessionCheckUnavailable());
    const ids = idsOf(claims);
    let pending = asking.get(ids);
    if (!pending) {
      pending = askEnded({ sid: claims.sid, ...('eid' in claims ? { eid: claims.eid } : {}) }).then((ended) => {
        if (confirmed.size >= cacheSize) confirmed.clear();
        confirmed.set(ids, { ended, at: Date.now() });
        // An end is final: listed until the token expires, so it stays refused without asking again.
        if (ended) revocations.add('eid' in claims ? claims.eid : claims.sid, claims.exp * 1000);
        return ended;
      }, () => { throw new SessionCheckUnavailable(); }).finally(() => asking.delete(ids));
      asking.set(ids, pending);
    }
    return pending;
  }

  /** The verdict already known for a token: its claims, null when refused, undefined when not cached. */
  function cached<T extends SessionClaims | AdminClaims>(token: string, audience: string): T | null | undefined {
    const hit = cache.get(token);
    if (!hit) return undefined;
    if (hit.audience === audience && hit.claims.exp > Date.now() / 1000) {
      const ended = endedNow(hit.claims);
      return ended === undefined ? undefined : ended ? null : hit.claims as T;
    }
    cache.delete(token);
    return hit.audience === audience ? null : undefined;
  }

  /** The token's claims if its signature, audience and expiry hold (from the cache when verified before). */
  async function signedClaims<T extends SessionClaims | AdminClaims>(token: string, audience: string): Promise<T | null> {
    const hit = cache.get(token);
    if (hit && hit.audience === audience && hit.claims.exp > Date.now() / 1000) return hit.claims as T;
    try {
      const { payload } = await jwtVerify(token, key as JWTVerifyGetKey, {
        issuer: SESSION_ISSUER, audience, algorithms: SESSION_ALGORITHMS,
        requiredClaims: audience === ADMIN_AUDIENCE ? ['sub', 'exp', 'sid', 'eid'] : ['sub', 'exp', 'sid'],
      });
      const claims = payload as unknown as T;
      if (typeof claims.sid !== 'string') return null;
      if (audience === SESSION_AUDIENCE && !isRole((claims as SessionClaims).role)) return null;
      if (audience === ADMIN_AUDIENCE && typeof (claims as AdminClaims).eid !== 'string') return null;
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
      cache.set(token, { claims, audience });
      return claims;
    } catch (err) {
      // The key set could not be had (identity slow or restarting): the token cannot be judged now. Refusing it as
      // forged would clear the learner's cookie and sign them out over a hiccup; a 503 is retried instead.
      if (!isTokenFault(err)) throw new SessionCheckUnavailable();
      return null;
    }
  }

  /** The token's claims, or null when it is not valid or its session ended; rejects with SessionCheckUnavailable. */
  async function verify<T extends SessionClaims | AdminClaims>(token: string, audience: string): Promise<T | null> {
    const known = cached<T>(token, audience);
    if (known !== undefined) return known;
    const claims = await signedClaims<T>(token, audience);
    if (!claims) return null;
    return (await endedConfirmed(claims)) ? null : claims;
  }

  return {
    /** Ended sessions and elevations; a token naming one is refused. */
    revocations,
    verifySession: (token: string) => verify<SessionClaims>(token, SESSION_AUDIENCE),
    /**
     * The cached verdict on a session token without waiting: claims, null (refused), or undefined (not seen
     * yet: call verifySession). Hooks on the hot path use it to skip a promise per request.
     */
    cachedSession: (token: string) => cached<SessionClaims>(token, SESSION_AUDIENCE),
    /** Whether a session this verifier passed is still good: not expired, and not ended since. */
    stillValid: (claims: SessionClaims) => claims.exp > Date.now() / 1000 && endedNow(claims) === false,
    verifyAdmin: (token: string) => verify<AdminClaims>(token, ADMIN_AUDIENCE),
    /** Drops a token from the cache, e.g. when identity announces a revoked session. */
    forget: (token: string) => cache.delete(token),
    /** Drops every cached token of a session id. */
    forgetSession: (sid: string) => { for (const [t, v] of cache) if (v.claims.sid === sid) cache.delete(t); },
  };
}

export type SessionVerifier = ReturnType<typeof createSessionVerifier>;

function isRole(value: unknown): value is Role {
  return value === 'owner' || value === 'learner';
}
