// Identity's cookies. All httpOnly. In production they are Secure, and prefixed `__Host-` (Path=/, no Domain)
// or `__Secure-` where a narrower path is needed.
//   session  JWT (10 min)       Path=/               SameSite=Lax     every service reads it
//   admin    elevation JWT (1h)  Path=/               SameSite=Strict  every service's /api/admin/* reads it
//   refresh  opaque, 256-bit     Path=/api/auth, /api/login, /api/logout  SameSite=Strict  only identity reads it
//   signin   grant's flow state  Path=/api/login      SameSite=Lax     (set by @fastify/session, see login routes)
//   member   "1", as long as refresh  Path=/        SameSite=Lax     the gateway: app, not a visitor's prerendered page
import { cookieNames } from '@lp/service-kit';
import type { FastifyReply } from 'fastify';

type CookieOptions = NonNullable<Parameters<FastifyReply['setCookie']>[2]>;

/**
 * The refresh cookie is set once per path that needs it: renewal (/api/auth/user, /api/auth/refresh),
 * retiring the previous session at a new sign-in (/api/login/callback) and sign-out (/api/logout).
 * It never travels to other services.
 */
export const REFRESH_COOKIE_PATHS = ['/api/auth', '/api/login', '/api/logout'] as const;
export const SIGNIN_COOKIE_PATH = '/api/login';

export function identityCookieNames(production: boolean) {
  return {
    ...cookieNames(production),
    refresh: production ? '__Secure-lp_refresh' : 'lp_refresh',
    signin: production ? '__Secure-lp_signin' : 'lp_signin',
  };
}
export type IdentityCookieNames = ReturnType<typeof identityCookieNames>;

export class IdentityCookies {
  readonly names: IdentityCookieNames;

  constructor(private readonly production: boolean, private readonly clock: () => Date) {
    this.names = identityCookieNames(production);
  }

  private options(path: string, sameSite: 'lax' | 'strict', expiresAt?: Date): CookieOptions {
    const maxAge = expiresAt ? Math.max(0, Math.floor((expiresAt.getTime() - this.clock().getTime()) / 1000)) : undefined;
    return { path, httpOnly: true, sameSite, secure: this.production, ...(maxAge !== undefined ? { maxAge } : {}) };
  }

  setSession(reply: FastifyReply, token: string, expiresAt: Date) {
    reply.setCookie(this.names.session, token, this.options('/', 'lax', expiresAt));
  }

  setRefresh(reply: FastifyReply, token: string, expiresAt: Date) {
    for (const path of REFRESH_COOKIE_PATHS) reply.setCookie(this.names.refresh, token, this.options(path, 'strict', expiresAt));
    reply.setCookie(this.names.member, '1', this.options('/', 'lax', expiresAt));
  }

  setAdmin(reply: FastifyReply, token: string, expiresAt: Date) {
    reply.setCookie(this.names.admin, token, this.options('/', 'strict', expiresAt));
  }

  clearAdmin(reply: FastifyReply) {
    reply.clearCookie(this.names.admin, this.options('/', 'strict'));
  }

  /** Removes everything a sign-in set: session, refresh (each path), the member mark and admin elevation. */
  clearSignIn(reply: FastifyReply) {
    reply.clearCookie(this.names.session, this.options('/', 'lax'));
    reply.clearCookie(this.names.member, this.options('/', 'lax'));
    for (const path of REFRESH_COOKIE_PATHS) reply.clearCookie(this.names.refresh, this.options(path, 'strict'));
    this.clearAdmin(reply);
  }
}
