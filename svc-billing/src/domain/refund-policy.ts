// The refund and cancellation policy (spec §1): a full refund within 7 days of a first-time subscription only;
// no refund for renewals, late requests or the free trial. Refunds go to the original payment method.
import type { RefundOutcome } from '@lp/contracts';

export const REFUND_WINDOW_DAYS = 7;
const DAY = 86_400_000;

export interface PaidPeriod {
  subscriptionId: string;
  provider: 'razorpay' | 'paypal' | 'seed';
  startsAt: Date;
  endsAt: Date;
  /** When the payment was captured (the 7 days count from here). */
  paidAt: Date;
  /** The learner's first paid period ever (a later one is a renewal). */
  firstTime: boolean;
  ended: boolean;
}

export interface RefundDecision {
  outcome: Exclude<RefundOutcome, 'failed'>;
  /** The period to refund or cancel, when there is one. */
  period: PaidPeriod | null;
  reason: string;
}

const REFUND_TIME: Record<PaidPeriod['provider'], string> = {
  paypal: '3-5 business days', razorpay: '5-7 business days', seed: '5-10 business days',
};

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Decides a cancel-subscription or refund request. A request inside the money-back window of a first-time paid
 * period is refunded in full (a cancellation then also ends the plan); otherwise a refund is refused and a
 * cancellation only confirms the plan will not renew.
 */
export function decideRefund(request: { category: 'refund' | 'cancel-subscription'; at: Date }, periods: readonly PaidPeriod[]): RefundDecision {
  const period = periodRequestedFor(request.at, periods);
  if (!period) {
    return { outcome: 'no-subscription', period: null, reason: 'There is no active paid subscription on this account, so there is nothing to cancel or refund.' };
  }
  if (period.provider === 'seed') {
    return refuseOrCancel(request.category, period, 'This plan was not paid for (a free or trial plan), so there is no payment to refund.');
  }
  if (!period.firstTime) {
    return refuseOrCancel(request.category, period, 'The 7-day money-back guarantee covers first-time subscriptions only; renewals are not refunded.');
  }
  const age = request.at.getTime() - period.paidAt.getTime();
  if (age > REFUND_WINDOW_DAYS * DAY) {
    return refuseOrCancel(request.category, period, `The 7-day money-back guarantee ended on ${dateOf(new Date(period.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY))}; later requests are not refunded.`);
  }
  return {
    outcome: 'refunded', period,
    reason: `Full refund approved under the 7-day money-back guarantee. It goes back to your original payment method within ${REFUND_TIME[period.provider]}; premium access has ended.`,
  };
}

/**
 * The paid period a request is judged by: the one running when it is made (the plan the learner has now), else the
 * next one to start. Not the latest payment: a second payment made minutes after the first buys the year after it,
 * and must not make the first one read as a renewal.
 */
export function periodRequestedFor(at: Date, periods: readonly PaidPeriod[]): PaidPeriod | null {
  const live = periods.filter((p) => !p.ended && p.endsAt.getTime() > at.getTime());
  const running = live.filter((p) => p.startsAt.getTime() <= at.getTime()).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (running[0]) return running[0];
  return [...live].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0] ?? null;
}

function refuseOrCancel(category: 'refund' | 'cancel-subscription', period: PaidPeriod, why: string): RefundDecision {
  if (category === 'cancel-subscription') {
    return { outcome: 'cancelled', period, reason: `Your plan will not renew. It stays active until ${dateOf(period.endsAt)}. No money is returned: ${why}` };
  }
  return { outcome: 'refused', period, reason: why };
}
