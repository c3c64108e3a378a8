// Session checking at the edge. The session lives in a cookie only (never an Authorization header).
// A valid session's user id keys the rate limit; an invalid or expired one is removed from the request
// (the service then sees a visitor) and cleared in the browser. Services verify the cookie again
// themselves: the gateway never tells them who the user is.
import { SessionCheckUnavailable, errorBody, type SessionClaims, type SessionVerifier } from '@lp/service-kit/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified session, or null for a visitor. */
    verifiedSession: SessionClaims | null;
    /** The Cookie header to forward (undefined when nothing is left). */
    forwardedCookie: string | undefined;
    /** The request carried a session cookie that did not verify: clear it in the answer. */
    clearSession: boolean;
  }
}

export interface SessionCheckOptions {
  verifier: SessionVerifier;
  cookieName: string;
  production: boolean;
}

/** `onRequest` hook for the proxied routes. Callback style: a cached session costs no promise round trip. */
export function sessionCheck({ verifier, cookieName }: SessionCheckOptions) {
  const prefix = `${cookieName}=`;
  function apply(request: FastifyRequest, header: string, claims: SessionClaims | null) {
    if (claims) {
      request.verifiedSession = claims;
      return;
    }
    request.clearSession = true;
    request.forwardedCookie = withoutCookie(header, prefix);
  }
  return function checkSession(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) {
    const header = request.headers.cookie;
    request.forwardedCookie = header;
    if (!header || !header.includes(prefix)) return done();
    const token = readCookie(header, prefix);
    if (token === undefined) return done();
    const known = token ? verifier.cachedSession(token) : null;
    if (known !== undefined) {
      apply(request, header, known);
      return done();
    }
    verifier.verifySession(token!).then((claims) => {
      apply(request, header, claims);
      done();
    }, (err: unknown) => {
      // Whether the session ended cannot be told now (NATS and identity unreachable): refused, to be retried; the
      // cookie stays, and the call is not passed on as a visitor's.
      if (err instanceof SessionCheckUnavailable) reply.code(503).header('retry-after', '1').send(errorBody(503, err.message, err.code));
      else done(err as Error);
    });
  };
}

/** The Set-Cookie value that removes the session cookie (same attributes it was set with). */
export function clearingCookie(cookieName: string, production: boolean) {
  return `${cookieName}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax${production ? '; Secure' : ''}`;
}

/**
 * The value of the cookie `prefix` (`name=`) in a Cookie header, or undefined when absent. Scans in place (no
 * split into an array of pairs): it runs on every proxied call.
 */
export function readCookie(header: string, prefix: string): string | undefined {
  let from = 0;
  while (from < header.length) {
    const at = header.indexOf(prefix, from);
    if (at === -1) return undefined;
    // A match only at the start of a pair: the header's start, or after ';' and optional spaces.
    let before = at - 1;
    while (before >= 0 && (header.charCodeAt(before) === 32 || header.charCodeAt(before) === 9)) before--;
    if (before < 0 || header.charCodeAt(before) === 59 /* ; */) {
      const end = header.indexOf(';', at);
      const value = header.slice(at + prefix.length, end === -1 ? header.length : end).trimEnd();
      return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    }
    from = at + prefix.length;
  }
  return undefined;
}

/** The Cookie header without the cookie `prefix` (`name=`); undefined when nothing else is left. */
export function withoutCookie(header: string, prefix: string): string | undefined {
  const kept = header.split(';').map((part) => part.trim()).filter((pair) => pair && !pair.startsWith(prefix));
  return kept.length ? kept.join('; ') : undefined;
}
