// Refunds (spec §1, issue 31 §1): the learner sees what a refund does (`quote`), then confirms it (`confirm`).
// Nothing is refunded without that confirmation: a refund or cancel-subscription ticket only points the learner
// here. The policy is domain/refund-policy.ts, decided again at the confirmation; the money goes back through the
// gateway that took it, once per subscription (a lease, then a OnceLog) whatever the retries and replicas.
import type { RefundQuote, RefundResult, RefundUpdated } from '@lp/contracts';
import { AppError, eventId, failPoint, type EventEnvelope } from '@lp/service-kit';
import type { BillingContext } from './context';
import { toMoney } from './domain/prices';
import { decideRefund, refundWindowEnd, type PaidPeriod, type RefundDecision } from './domain/refund-policy';
import { GatewayError } from './gateways/types';
import type { AccountSubscription } from './models';

export const NOT_REFUNDABLE = 'NOT_REFUNDABLE';

export function createRefunds(ctx: BillingContext) {
  const { app, orders, subscriptions: periods, refunds, ledger, razorpay, paypal } = ctx;

  async function decide(userId: string): Promise<{ decision: RefundDecision; sub: AccountSubscription | null }> {
    const { subscriptions } = await ledger.account(userId);
    const ends = await Promise.all(subscriptions.map((s) => periods.end(s.subscriptionId)));
    const paid: PaidPeriod[] = subscriptions.map((s, i) => ({
      subscriptionId: s.subscriptionId, provider: s.provider, startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt),
      paidAt: new Date(s.paidAt), firstTime: s.firstTime, ended: Boolean(ends[i]),
    }));
    const decision = decideRefund(ctx.now(), paid);
    const sub = decision.period ? subscriptions.find((s) => s.subscriptionId === decision.period!.subscriptionId) ?? null : null;
    return { decision, sub };
  }

  /** What a refund asked for now would do; changes nothing. */
  async function quote(userId: string): Promise<RefundQuote> {
    const { decision, sub } = await decide(userId);
    if (decision.outcome !== 'refunded' || !sub) {
      const windowEnded = decision.refusal === 'window-ended' && decision.period;
      return {
        eligible: false, reason: decision.reason, ...(decision.refusal ? { refusal: decision.refusal } : {}),
        ...(windowEnded ? { windowEndsAt: refundWindowEnd(decision.period!).toISOString() } : {}),
      };
    }
    return {
      eligible: true, reason: decision.reason, amount: toMoney(sub.amountMinor), currency: sub.currency, method: sub.provider as 'razorpay' | 'paypal',
      refundTime: decision.refundTime!, paidAt: new Date(sub.paidAt).toISOString(), windowEndsAt: refundWindowEnd(decision.period!).toISOString(),
    };
  }

  /** Returns the money once per subscription; a repeat (a retry, another replica) reads the first refund back. */
  async function refundOnce(sub: AccountSubscription, reference: string) {
    const provider = sub.provider;
    // The policy never refunds a granted plan (domain/refund-policy.ts): no payment was taken.
    if (provider === 'seed') throw new Error(`subscription ${sub.subscriptionId} was granted, not bought: nothing to refund`);
    return refunds.once(sub.subscriptionId, async () => {
      const { refundId } = provider === 'razorpay'
        ? await razorpay.refund(sub.paymentId, sub.amountMinor, reference)
        : await paypal.refund(sub.paymentId, sub.amountMinor, sub.currency, reference);
      return { provider, paymentId: sub.paymentId, refundId, amountMinor: sub.amountMinor, currency: sub.currency, at: ctx.now().toISOString() };
    });
  }

  /** The learner confirmed: refund (decided again now), end the plan, and resolve the ticket they asked in, if any. */
  async function confirm(userId: string, ticketNumber: string | undefined): Promise<RefundResult> {
    const { decision, sub } = await decide(userId);
    if (decision.outcome !== 'refunded' || !sub) throw new AppError(409, decision.reason, NOT_REFUNDABLE);
    let refund;
    try {
      refund = await refundOnce(sub, ticketNumber ?? `my-plan:${sub.subscriptionId}`);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      app.log.warn({ userId, err: err.message }, 'refund refused by the gateway');
      throw new AppError(502, 'The refund could not be sent to your payment method right now. Nothing was refunded; please try again in a few minutes.', 'GATEWAY_ERROR');
    }
    const money = { paymentId: refund.paymentId, amount: toMoney(refund.amountMinor), currency: refund.currency };
    if (ticketNumber) {
      // Record → change → flush: the outcome is in the outbox before the ledger says refunded, so a process that dies
      // in between leaves the event to the relay, which marks the ledger first (below). svc-feedback resolves the
      // ticket only if it is this learner's.
      const envelope = await app.bus.record<RefundUpdated>('billing.refund.updated', {
        ticketNumber, userId, outcome: 'refunded', reason: decision.reason.slice(0, 500), ...money, decidedAt: ctx.now().toISOString(),
      }, { id: eventId('billing.refund.updated', `${sub.subscriptionId}:${ticketNumber}`) });
      failPoint('billing-refund-recorded');
      await markRefunded(userId, refund.paymentId);
      await app.bus.flush(envelope);
    } else {
      // No ticket to tell. A process dying before this line leaves the refund recorded: the gateway's own refund
      // webhook (refund.processed, PAYMENT.CAPTURE.REFUNDED) marks the ledger, and so does the learner's retry.
      await markRefunded(userId, refund.paymentId);
    }
    return { outcome: 'refunded', amount: money.amount, currency: money.currency, method: refund.provider, refundTime: decision.refundTime!, reason: decision.reason, ...(ticketNumber ? { ticketNumber } : {}) };
  }

  /** The ledger's side of a refund: the order refunded and its subscription ended (billing.subscription.ended); idempotent. */
  async function markRefunded(userId: string, paymentId: string) {
    const { subscriptions } = await ledger.account(userId);
    const sub = subscriptions.find((s) => s.paymentId === paymentId);
    const order = sub ? await orders.byId(sub.orderId) : null;
    if (order) await ledger.refunded(order, paymentId);
  }

  // A refund whose process died before sending its outcome: the relay marks the ledger, then sends it.
  app.bus.beforeRelay('billing.refund.updated', async (event: EventEnvelope<RefundUpdated>) => {
    if (event.data.outcome === 'refunded' && event.data.paymentId) await markRefunded(event.data.userId, event.data.paymentId);
  });

  return { quote, confirm };
}
