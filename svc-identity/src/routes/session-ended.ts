// Internal: whether a session (or admin elevation) has ended, from identity's records. The gateway and the services
// ask while their NATS feed of ended sessions is cut off (kit auth/session.ts), so a sign-out made then still holds.
import { CheckSessionEnded } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { SessionsRepository } from '../repositories/sessions';

export async function sessionEndedRoute(app: ServiceApp, sessions: SessionsRepository) {
  addRoute(app, CheckSessionEnded, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ended: await sessions.hasEnded(request.query.sid, request.query.eid) };
  });
}
