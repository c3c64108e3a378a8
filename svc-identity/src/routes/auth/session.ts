// The session itself: GET /api/auth/session from the verified token alone; POST /api/auth/refresh renews it;
// GET /api/auth/user answers the user and renews an expired or half-spent token from the refresh cookie.
import { GetAuthUser, GetSession, RefreshSession } from '@lp/contracts';
import { addRoute, unauthorized, type ServiceApp } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toUser } from '../../repositories/users';
import type { Identity } from '../../identity';
import { liveSession } from '../signed-in';

export async function sessionRoutes(app: ServiceApp, identity: Identity) {
  addRoute(app, GetSession, async (request) => {
    const user = request.user!;
    return { userId: user.sub, role: user.role, expiresAt: new Date(user.exp * 1000).toISOString() };
  });

  addRoute(app, RefreshSession, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const renewal = await identity.issuer.renew(request, reply);
    if (!renewal.ok) throw unauthorized(renewal.message);
    return { userId: renewal.claims.sub, role: renewal.claims.role, expiresAt: renewal.expiresAt.toISOString() };
  });

  await app.register(async (scope) => {
    const requireLiveSession = liveSession(identity);
    // Before the contract's guard: no token, or one past half its life, is renewed from the refresh cookie.
    scope.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const halfLife = identity.sessions.limits.tokenTtlSeconds / 2;
      const spent = request.user && request.user.exp - identity.clock().getTime() / 1000 < halfLife;
      if (!request.user || spent) {
        const renewal = await identity.issuer.renew(request, reply);
        if (!renewal.ok && !request.user) throw unauthorized(renewal.message);
      }
      await requireLiveSession(request, reply);
    });

    addRoute(scope as ServiceApp, GetAuthUser, async (request, reply) => {
      const user = await identity.users.byId(request.user!.sub);
      if (!user) {
        identity.cookies.clearSignIn(reply);
        throw unauthorized();
      }
      return toUser(user);
    });
  });
}
