// The refund and cancellation policy (spec §1): a full refund within 7 days of a first-time subscription only;
// no refund for renewals, late requests or the free trial. Refunds go to the original payment method. The learner
// confirms a refund after seeing this decision (GET then POST /api/refund), never by filing a ticket alone.
import type { RefundRefusal } from '@lp/contracts';

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
  outcome: 'refunded' | 'refused' | 'no-subscription';
  /** The period the request is judged by, when there is one (the one refunded, when refunded). */
  period: PaidPeriod | null;
  /** Why not, or (refunded) the sentence for the learner's ticket. */
  reason: string;
  /** Which refusal (not refunded): a page words it in its reader's language from this rather than `reason`. */
  refusal?: RefundRefusal;
  /** How long the money takes to arrive (spec §1), when refunded. */
  refundTime: string | null;
}

/** Spec §1: refund time 3-5 business days (PayPal gateway), 5-7 (Razorpay gateway), 5-10 (cards). */
const REFUND_TIME: Record<PaidPeriod['provider'], string> = {
  paypal: '3-5 business days', razorpay: '5-7 business days', seed: '5-10 business days',
};

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Decides a refund request made at `at`: refunded in full inside the money-back window of a first-time paid period
 * (the plan then ends), else refused with the reason. The plan never renews by itself, so "cancel subscription"
 * (spec §1) asks for this same refund of the current year: there is nothing else to cancel.
 */
export function decideRefund(at: Date, periods: readonly PaidPeriod[]): RefundDecision {
  const period = periodRequestedFor(at, periods);
  if (!period) {
    return {
      outcome: 'no-subscription', period: null, refundTime: null, refusal: 'no-subscription',
      reason: 'There is no active paid subscription on this account, so there is nothing to refund.',
    };
  }
  const refuse = (refusal: RefundRefusal, reason: string): RefundDecision => ({ outcome: 'refused', period, refundTime: null, refusal, reason });
  if (period.provider === 'seed') return refuse('not-paid', 'This plan was not paid for (a free or trial plan), so there is no payment to refund.');
  if (!period.firstTime) return refuse('renewal', 'The 7-day money-back guarantee covers first-time subscriptions only; renewals are not refunded.');
  const windowEnds = refundWindowEnd(period);
  if (at.getTime() > windowEnds.getTime()) {
    return refuse('window-ended', `The 7-day money-back guarantee ended on ${dateOf(windowEnds)}; later requests are not refunded.`);
  }
  const refundTime = REFUND_TIME[period.provider];
  return {
    outcome: 'refunded', period, refundTime,
    reason: `Full refund approved under the 7-day money-back guarantee. It goes back to your original payment method within ${refundTime}; premium access has ended.`,
  };
}

/** The last moment of a period's money-back window: 7 days from the payment. */
export function refundWindowEnd(period: Pick<PaidPeriod, 'paidAt'>): Date {
  return new Date(period.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY);
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
