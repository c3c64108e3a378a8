// Attaches the signed-in user (or null) to every request, and provides the route guards.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors';
import type { AdminClaims, SessionClaims, SessionVerifier } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionClaims | null;
  }
  interface FastifyInstance {
    sessions: SessionVerifier;
    sessionCookies: { session: string; admin: string };
  }
}

export interface SessionPluginOptions {
  verifier: SessionVerifier;
  cookies: { session: string; admin: string };
}

export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionPluginOptions) => {
  app.decorate('sessions', opts.verifier);
  app.decorate('sessionCookies', opts.cookies);
  app.decorateRequest('user', null);
  // Callback style: a cached session (nearly every request) is attached without a promise round trip.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies?.[opts.cookies.session];
    if (!token) return done();
    const known = opts.verifier.cachedSession(token);
    if (known !== undefined) {
      request.user = known;
      return done();
    }
    opts.verifier.verifySession(token).then((claims) => {
      request.user = claims;
      done();
    }, done);
  });
}, { name: 'lp-session', dependencies: ['@fastify/cookie'] });

/** preHandler: a signed-in user. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
}

/** preHandler: the owner role (admin menu), without password elevation. */
export async function requireOwner(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'owner') throw forbidden('Only the owner can do this.');
}

/**
 * preHandler for every `/api/admin/*` call: the owner role AND the admin elevation token (set by identity after
 * the shared admin password, valid one hour) granted in this very sign-in session, neither of them ended
 * (sign-out, admin sign-out, a new sign-in: the verifier's revocation list).
 */
export async function requireAdmin(this: FastifyInstance, request: FastifyRequest, _reply: FastifyReply) {
  await requireOwner(request);
  const app = request.server;
  const token = request.cookies?.[app.sessionCookies.admin];
  const admin: AdminClaims | null = token ? await app.sessions.verifyAdmin(token) : null;
  if (!admin || admin.sub !== request.user!.sub || admin.sid !== request.user!.sid) {
    throw forbidden('Admin access has expired or was never granted. Enter the admin password again.', 'ADMIN_ELEVATION_REQUIRED');
  }
}
