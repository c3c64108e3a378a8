// The guard of identity's signed-in routes. Other services trust the session JWT until it expires; identity owns
// the session records, so on its own routes it also checks that the session is still alive (not signed out,
// not idle, not past its absolute limit) and records the activity that keeps it alive.
import { unauthorized } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endedMessage } from '../domain/session-rules';
import type { SessionDoc } from '../models/session';
import type { Identity } from '../identity';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session record behind request.user, on identity's signed-in routes. */
    identitySession: SessionDoc | null;
  }
}

export function liveSession(identity: Identity) {
  return async function requireLiveSession(request: FastifyRequest, reply: FastifyReply) {
    const claims = request.user;
    if (!claims) throw unauthorized();
    const session = await identity.sessions.byId(claims.sid);
    const state = session && session.userId.toHexString() === claims.sub ? identity.sessions.state(session) : 'revoked';
    if (!session || state !== 'alive') {
      identity.cookies.clearSignIn(reply);
      throw unauthorized(state === 'alive' ? 'Sign in to continue.' : endedMessage(state, identity.sessions.limits));
    }
    await identity.sessions.recordActivity(session);
    request.identitySession = session;
  };
}
