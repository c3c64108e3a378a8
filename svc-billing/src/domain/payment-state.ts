// A payment's status is the furthest step its insert-only status log reached: created -> pending ->
// captured or failed -> refunded. Facts arrive in any order (a webhook before the browser, a failure after a
// retry that succeeded): a later step is never undone by an earlier one arriving late.
import type { PaymentState } from '@lp/contracts';

const RANK: Record<PaymentState, number> = { created: 0, pending: 1, failed: 2, captured: 3, refunded: 4 };

export function currentState(states: readonly PaymentState[]): PaymentState {
  return states.reduce<PaymentState>((best, s) => (RANK[s] > RANK[best] ? s : best), 'created');
}

/** Whether recording `next` changes what the learner sees (and so deserves a push to their tabs). */
export const advances = (current: PaymentState, next: PaymentState) => RANK[next] > RANK[current];

export type PaymentBucket = 'successful' | 'pending' | 'failed' | 'refunded' | 'notCompleted';

/**
 * Counts as payment-status shows them. A refund gave the money back, so it is not a successful payment; a checkout
 * opened and never paid (created) took no money, so it is apart from a charge still being processed (pending).
 */
export function bucketOf(state: PaymentState): PaymentBucket {
  if (state === 'captured') return 'successful';
  if (state === 'refunded') return 'refunded';
  if (state === 'failed') return 'failed';
  if (state === 'created') return 'notCompleted';
  return 'pending';
}
