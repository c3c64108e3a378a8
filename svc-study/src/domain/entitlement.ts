// Who may take what (spec §6), from the learner's subscription records, trial counter and role.
import type { SubscriptionState } from '@lp/contracts';

export interface SubscriptionRecord {
  startsAt: Date | null;
  endsAt: Date | null;
  endedAt: Date | null;
  endReason: 'expired' | 'cancelled' | 'refunded' | null;
}

export interface LearnerCounters {
  trialQuizzesRemaining: number;
  quizzesCompleted: number;
}

export interface Entitlement {
  subscriptionStatus: SubscriptionState;
  /** Subscribed, or the owner: full chapter and topic quizzes, mistakes and review. */
  subscribed: boolean;
  canTakeQuiz: boolean;
  trialQuizzesRemaining: number;
  quizzesCompleted: number;
  subscriptionEndsAt: Date | null;
}

export const DEFAULT_TRIAL_QUIZZES = 1;

/** 'active' while a subscription has not ended and its end date is ahead; else the last one's fate. */
export function subscriptionStateOf(records: SubscriptionRecord[], now: Date): { state: SubscriptionState; endsAt: Date | null } {
  const live = records.filter((r) => !r.endedAt && r.endsAt && r.endsAt.getTime() > now.getTime());
  if (live.length > 0) {
    const endsAt = new Date(Math.max(...live.map((r) => r.endsAt!.getTime())));
    return { state: 'active', endsAt };
  }
  if (records.length === 0) return { state: 'none', endsAt: null };
  const last = [...records].sort((a, b) => endOf(b) - endOf(a))[0]!;
  const state: SubscriptionState = last.endReason === 'cancelled' || last.endReason === 'refunded' ? 'cancelled' : 'expired';
  return { state, endsAt: last.endedAt ?? last.endsAt };
}

const endOf = (r: SubscriptionRecord) => (r.endedAt ?? r.endsAt ?? new Date(0)).getTime();

export function entitlementOf(
  input: { role: 'owner' | 'learner' | null; subscriptions: SubscriptionRecord[]; counters: LearnerCounters | null },
  now: Date,
): Entitlement {
  const { state, endsAt } = subscriptionStateOf(input.subscriptions, now);
  const isOwner = input.role === 'owner';
  const subscriptionStatus: SubscriptionState = isOwner ? 'active' : state;
  const subscribed = subscriptionStatus === 'active';
  const trialQuizzesRemaining = Math.max(0, input.counters?.trialQuizzesRemaining ?? DEFAULT_TRIAL_QUIZZES);
  return {
    subscriptionStatus,
    subscribed,
    canTakeQuiz: subscribed || trialQuizzesRemaining > 0,
    trialQuizzesRemaining,
    quizzesCompleted: input.counters?.quizzesCompleted ?? 0,
    subscriptionEndsAt: isOwner ? null : endsAt,
  };
}

/**
 * Whether a quiz may start (spec §6): subscribers and the owner take every mode; a free learner takes a topic or
 * full chapter quiz as their free trial while one is left (the caller then takes the trial, exactly once);
 * mistake review and spaced review are subscriber features.
 */
export type StartDecision = 'subscribed' | 'trial' | 'mode-needs-subscription' | 'trial-used';

export function startDecision(entitlement: Pick<Entitlement, 'subscribed' | 'trialQuizzesRemaining'>, mode: 'topic' | 'full' | 'mistakes' | 'subject-mistakes' | 'review'): StartDecision {
  if (entitlement.subscribed) return 'subscribed';
  if (mode !== 'topic' && mode !== 'full') return 'mode-needs-subscription';
  return entitlement.trialQuizzesRemaining > 0 ? 'trial' : 'trial-used';
}
