// Admin elevation: the shared admin password, for a signed-in owner, gives a one-hour admin token that every
// service's /api/admin/* checks (service kit requireAdmin: owner role + this token, granted in the same sign-in
// session, neither ended). Admin sign-out ends the elevation everywhere (identity.session.ended with its eid).
import { randomBytes } from 'node:crypto';
import { EndAdminSession, GetAdminSession, VerifyAdminPassword } from '@lp/contracts';
import { ADMIN_AUDIENCE, AppError, SESSION_ISSUER, addRoute, clientIp, forbidden, type ContractRequest, type ServiceApp } from '@lp/service-kit';
import type { FastifyReply } from 'fastify';
import { importJWK, jwtVerify } from 'jose';
import { signAdminToken } from '../../auth/tokens';
import { verifyAdminPassword } from '../../domain/admin-password';
import { ADMIN_TTL_SECONDS } from '../../domain/session-rules';
import type { Identity } from '../../identity';

export { ADMIN_TTL_SECONDS };
export const WRONG_PASSWORD = 'Access Denied, Incorrect password';

export async function adminRoutes(app: ServiceApp, identity: Identity) {
  const publicKey = await importJWK(identity.key.publicJwk, 'ES256');

  const revocations = app.sessions.revocations;
  /** The caller's live admin elevation: our signature, same user, same sign-in session, not ended. */
  async function elevation(token: string | undefined, sub: string, sid: string): Promise<{ sub: string; sid: string; eid: string; exp: number } | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, publicKey, { issuer: SESSION_ISSUER, audience: ADMIN_AUDIENCE, algorithms: ['ES256'], requiredClaims: ['sub', 'sid', 'eid', 'exp'] });
      const { eid } = payload as { eid?: unknown };
      if (payload.sub !== sub || payload.sid !== sid || typeof eid !== 'string') return null;
      if (revocations.has(sid) || revocations.has(eid)) return null;
      return { sub, sid, eid, exp: payload.exp! };
    } catch {
      return null;
    }
  }

  await app.register(async (scope) => {
    // The role first (before the contract's owner guard, for the NOT_OWNER code): a non-owner is refused
    // whatever password is sent, and costs no attempt.
    scope.addHook('preValidation', async (request) => {
      if (request.user?.role !== 'owner') throw forbidden('Only the owner account can enter the admin area.', 'NOT_OWNER');
    });
    addRoute(scope as ServiceApp, VerifyAdminPassword, verifyPassword);
  });

  async function verifyPassword(request: ContractRequest<typeof VerifyAdminPassword>, reply: FastifyReply) {
    const claims = request.user!;
    const source = identity.adminPassword;
    if (source.kind === 'missing') {
      throw new AppError(503, 'Admin access is not configured on this server. Set ADMIN_PASSWORD_HASH (see the svc-identity README).', 'ADMIN_NOT_CONFIGURED');
    }
    const ip = clientIp(request.headers['x-forwarded-for'], request.socket.remoteAddress ?? request.ip, identity.config.trustedProxies);
    const limit = await identity.adminAttempts.hit([`user:${claims.sub}`, `ip:${ip}`]);
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfterSeconds));
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      throw new AppError(429, `Too many admin password attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 'RATE_LIMITED');
    }
    if (!(await verifyAdminPassword(request.body.password, source.hash))) {
      request.log.warn({ userId: claims.sub, ip }, 'wrong admin password');
      throw forbidden(WRONG_PASSWORD, 'WRONG_ADMIN_PASSWORD');
    }
    // Only wrong passwords use up the limit: an owner elevating again and again is not guessing.
    await limit.forgive();
    const now = identity.clock();
    const session = request.identitySession!;
    const sessionEnd = session.createdAt.getTime() + identity.sessions.limits.absoluteTimeoutSeconds * 1000;
    const expiresAt = new Date(Math.floor(Math.min(now.getTime() + ADMIN_TTL_SECONDS * 1000, sessionEnd) / 1000) * 1000);
    const eid = randomBytes(16).toString('base64url');
    identity.cookies.setAdmin(reply, await signAdminToken(identity.key, { sub: claims.sub, sid: claims.sid, eid }, now, expiresAt), expiresAt);
    request.log.info({ userId: claims.sub }, 'admin elevation granted');
    return { elevated: true, expiresAt: expiresAt.toISOString() };
  }

  addRoute(app, GetAdminSession, async (request, reply) => {
    const claims = request.user!;
    const live = claims.role === 'owner'
      ? await elevation(request.cookies[identity.cookies.names.admin], claims.sub, claims.sid)
      : null;
    if (!live && request.cookies[identity.cookies.names.admin]) identity.cookies.clearAdmin(reply);
    return { elevated: Boolean(live), expiresAt: live ? new Date(live.exp * 1000).toISOString() : null };
  });

  addRoute(app, EndAdminSession, async (request, reply) => {
    const claims = request.user!;
    // Clearing the cookie is not enough: a copy of it would still work until it expires. End it everywhere.
    const live = await elevation(request.cookies[identity.cookies.names.admin], claims.sub, claims.sid);
    if (live) await identity.issuer.ends.endElevation(live);
    identity.cookies.clearAdmin(reply);
    return { ok: true as const };
  });
}
