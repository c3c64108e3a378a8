// What /subscribe shows a learner who already holds the plan: until when, and what paying again would add.
import type { SubscriptionStatus } from '@lp/contracts';

export type CurrentPlan = { endsAt: Date | null; extendedUntil: Date | null };

/** One more year from when the plan ends: svc-billing starts a new period where the running one ends. */
export function oneYearAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/** The running plan, or null when the learner has none (never paid, expired, refunded). */
export function currentPlan(status: SubscriptionStatus | undefined, now: Date): CurrentPlan | null {
  if (status?.subscriptionStatus !== 'active') return null;
  const endsAt = status.subscriptionEndsAt ? new Date(status.subscriptionEndsAt) : null;
  if (endsAt && endsAt.getTime() <= now.getTime()) return null;
  return { endsAt, extendedUntil: endsAt && oneYearAfter(endsAt) };
}
