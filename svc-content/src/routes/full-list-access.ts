// The guard of the full question lists (a topic's, a chapter's): the route's `user` access level has already
// turned visitors away (401); this adds the subscription rule of spec §6, asking svc-study.
import { forbidden } from '@lp/service-kit';
import type { FastifyRequest } from 'fastify';
import { fullListAccess } from '../domain/entitlement';
import type { EntitlementAsker } from '../events/study-entitlement';

export const notEntitled = () => forbidden(
  'Full quizzes are for subscribers, and your free trial quiz has been used. Try a sample quiz (10 random questions) or subscribe to unlock every chapter.',
  'NOT_ENTITLED',
);

/** The list being opened: study also lets a learner reopen the list of a quiz they have open (a paused trial). */
export type FullListTarget = { topicId: string } | { chapterId: string };
export type FullListGuard = (request: FastifyRequest, target: FullListTarget) => Promise<void>;

export function fullListGuard(askEntitlement: EntitlementAsker): FullListGuard {
  return async (request, target) => {
    const user = request.user!;
    const decision = user.role === 'owner' ? fullListAccess('owner') : fullListAccess(user.role, await askEntitlement(user.sub, target));
    if (!decision.allowed) throw notEntitled();
  };
}
