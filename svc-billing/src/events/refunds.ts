// Refunds and cancellations: feedback.ticket.created with category refund or cancel-subscription. The policy is
// domain/refund-policy.ts; the money goes back through the gateway that took it (once per subscription);
// billing.refund.updated tells the feedback service (and the learner, on the ticket) the outcome.
import type { RefundUpdated, TicketCreated } from '@lp/contracts';
import { eventId, failPoint, onEvent, type Consumers, type EventEnvelope } from '@lp/service-kit';
import type { BillingContext } from '../context';
import { toMoney } from '../domain/prices';
import { decideRefund, type PaidPeriod } from '../domain/refund-policy';
import { GatewayError } from '../gateways/types';
import type { AccountSubscription } from '../models';

export function refundConsumers(ctx: BillingContext): Consumers {
  const { app, orders, subscriptions: periods, refunds, ledger, razorpay, paypal } = ctx;

  async function periodsOf(userId: string): Promise<PaidPeriod[]> {
    const { subscriptions } = await ledger.account(userId);
    const ends = await Promise.all(subscriptions.map((s) => periods.end(s.subscriptionId)));
    return subscriptions.map((s, i) => ({
      subscriptionId: s.subscriptionId, provider: s.provider, startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt),
      paidAt: new Date(s.paidAt), firstTime: s.firstTime, ended: Boolean(ends[i]),
    }));
  }

  /** Returns the money once per subscription; a repeat (another ticket, a redelivery) reads the first refund back. */
  async function refundOnce(sub: AccountSubscription, ticketNumber: string) {
    const provider = sub.provider;
    // The policy never refunds a granted plan (domain/refund-policy.ts): no payment was taken.
    if (provider === 'seed') throw new Error(`subscription ${sub.subscriptionId} was granted, not bought: nothing to refund`);
    return refunds.once(sub.subscriptionId, async () => {
      const { refundId } = provider === 'razorpay'
        ? await razorpay.refund(sub.paymentId, sub.amountMinor, ticketNumber)
        : await paypal.refund(sub.paymentId, sub.amountMinor, sub.currency, ticketNumber);
      return { provider, paymentId: sub.paymentId, refundId, amountMinor: sub.amountMinor, currency: sub.currency, at: ctx.now().toISOString() };
    });
  }

  async function handle(ticket: TicketCreated, ticketEventId: string) {
    const periods = await periodsOf(ticket.userId);
    const { subscriptions } = await ledger.account(ticket.userId);
    const category = ticket.category === 'refund' ? 'refund' : 'cancel-subscription';
    const decision = decideRefund({ category, at: new Date(ticket.createdAt) }, periods);
    let outcome: RefundUpdated['outcome'] = decision.outcome;
    let reason = decision.reason;
    let money: Pick<RefundUpdated, 'paymentId' | 'amount' | 'currency'> = {};
    if (decision.outcome === 'refunded' && decision.period) {
      const sub = subscriptions.find((s) => s.subscriptionId === decision.period!.subscriptionId)!;
      try {
        const refund = await refundOnce(sub, ticket.ticketNumber);
        money = { paymentId: refund.paymentId, amount: toMoney(refund.amountMinor), currency: refund.currency };
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err; // our own failure: redelivered and tried again
        app.log.warn({ ticket: ticket.ticketNumber, err: err.message }, 'refund refused by the gateway');
        outcome = 'failed';
        reason = 'The refund could not be sent to your payment method right now. Our team will complete it and reply within 24 hours.';
      }
    }
    // Record → change → flush: the outcome is in the outbox before the ledger says refunded, so a process that dies
    // in between leaves the event to the relay (which marks the ledger first) or to the ticket's redelivery.
    const envelope = await app.bus.record<RefundUpdated>('billing.refund.updated', {
      ticketNumber: ticket.ticketNumber, userId: ticket.userId, outcome, reason: reason.slice(0, 500), ...money, decidedAt: ctx.now().toISOString(),
      // One decision per ticket event: redeliveries publish the same id (ticket numbers alone repeat across
      // feedback databases, e.g. test stacks sharing one NATS, and the stream would drop a different ticket's).
    }, { id: eventId('billing.refund.updated', ticketEventId) });
    failPoint('billing-refund-recorded');
    await markRefunded(envelope.data);
    await app.bus.flush(envelope);
  }

  /** The ledger's side of a refund the event announces: the order refunded and its subscription ended (idempotent). */
  async function markRefunded(update: RefundUpdated) {
    if (update.outcome !== 'refunded' || !update.paymentId) return;
    const { subscriptions } = await ledger.account(update.userId);
    const sub = subscriptions.find((s) => s.paymentId === update.paymentId);
    const order = sub ? await orders.byId(sub.orderId) : null;
    if (order) await ledger.refunded(order, update.paymentId);
  }

  // A refund whose process died before sending its outcome: the relay marks the ledger, then sends it.
  app.bus.beforeRelay('billing.refund.updated', async (event: EventEnvelope<RefundUpdated>) => markRefunded(event.data));

  return [onEvent('feedback.ticket.created', 'refund-requests', async ({ id, data }) => {
    if (data.category !== 'refund' && data.category !== 'cancel-subscription') return;
    await handle(data, id);
  })];
}
