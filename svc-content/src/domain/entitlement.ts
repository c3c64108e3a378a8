// Who may load a full question list (a topic's or a chapter's): spec §6. Samples are for everyone.
import type { RpcResponse } from '@lp/contracts';

export type Entitlement = RpcResponse<'study.rpc.entitlement'>;

export type FullListDecision = { allowed: true; why: 'owner' | 'subscriber' | 'trial' } | { allowed: false };

/**
 * The owner role always may; a learner may with an active subscription, while a free trial quiz remains, or to
 * reopen the list of a quiz they have open (svc-study answers `canTakeQuiz` for the list asked about: a paused
 * trial quiz resumes). `entitlement` is svc-study's answer; it is not needed (and not asked for) for the owner.
 */
export function fullListAccess(role: 'owner' | 'learner', entitlement?: Entitlement): FullListDecision {
  if (role === 'owner') return { allowed: true, why: 'owner' };
  if (!entitlement) return { allowed: false };
  if (entitlement.subscriptionStatus === 'active') return { allowed: true, why: 'subscriber' };
  if (entitlement.canTakeQuiz) return { allowed: true, why: 'trial' };
  return { allowed: false };
}
