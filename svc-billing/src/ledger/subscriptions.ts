// Subscriptions and their periods: one yearly period per captured order (after any still running), a granted
// plan without an order, and the end of a period (refund, cancellation, expiry), each announced through the outbox.
import { createHash } from 'node:crypto';
import type { SubscriptionActivated, SubscriptionEnded } from '@lp/contracts';
import { eventId } from '@lp/service-kit';
import { nextPeriodStart, toMoney, yearlyPeriod } from '../domain/prices';
import type { Activation, OrderDoc, SubscriptionEnd } from '../models';
import type { AccountView } from './account-view';
import type { LedgerDeps } from './deps';

/** A subscription id derived from its order: the same order always names the same subscription. */
export const subscriptionIdOf = (orderId: string) => createHash('sha256').update(`subscription:${orderId}`).digest('hex').slice(0, 24);

/** billing.subscription.activated with billing's own fields for finishing the change after a crash (consumers ignore them). */
export type ActivationRecord = SubscriptionActivated & { orderId: string; firstTime: boolean; paidAt: string; amountMinor: number };

export type Subscriptions = ReturnType<typeof createSubscriptions>;

export function createSubscriptions({ app, subscriptions: periods, accounts, now }: LedgerDeps, view: AccountView) {
  /** The activation's facts after its event is recorded: the decided activation, the live period, the learner's view. */
  async function finishActivation(data: ActivationRecord) {
    await periods.activate(data.orderId, {
      subscriptionId: data.subscriptionId, userId: data.userId, orderId: data.orderId, provider: data.provider as Activation['provider'],
      paymentId: data.paymentId ?? '', amountMinor: data.amountMinor, currency: data.currency, startsAt: data.startsAt, endsAt: data.endsAt,
      paidAt: data.paidAt, firstTime: data.firstTime,
    });
    await view.refreshAccount(data.userId, data.orderId);
  }

  async function activate(order: OrderDoc, paymentId: string): Promise<Activation> {
    const known = await periods.activation(order._id);
    if (known) return known;
    const envelope = await accounts.underLease(order.userId, async () => {
      // Another path (the webhook, the browser, another replica) may have activated it while we waited.
      if (await periods.activation(order._id)) return null;
      const id = eventId('billing.subscription.activated', order._id);
      const doc = await view.account(order.userId);
      const ends = await Promise.all(doc.subscriptions.map((s) => periods.end(s.subscriptionId)));
      const running = doc.subscriptions.filter((s, i) => !ends[i] && s.orderId !== order._id);
      const at = now();
      const { startsAt, endsAt } = yearlyPeriod(nextPeriodStart(at, running.map((s) => new Date(s.endsAt))));
      return app.bus.record('billing.subscription.activated', {
        userId: order.userId, subscriptionId: subscriptionIdOf(order._id), plan: 'premium_yearly' as const, provider: order.provider,
        currency: order.currency, amount: toMoney(order.amountMinor), startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), paymentId,
        // billing's own fields for finishing the change after a crash (consumers ignore them)
        orderId: order._id, firstTime: doc.subscriptions.length === 0, paidAt: at.toISOString(), amountMinor: order.amountMinor,
      }, { id });
    });
    if (envelope) {
      await finishActivation(envelope.data);
      await app.bus.flush(envelope);
    }
    return (await periods.activation(order._id))!;
  }

  /**
   * A subscription granted without a payment (provider 'seed': the demo subscriber, seed/demo-grant.ts), recorded like a bought
   * one so that a cancellation or refund request is answered about it (nothing to refund) rather than "no
   * subscription", and the expiry pass ends it; it has no order, so no line in the learner's payment history.
   */
  async function recordGranted(data: SubscriptionActivated) {
    const orderId = grantedOrderId(data.subscriptionId);
    const activation: Activation = {
      subscriptionId: data.subscriptionId, userId: data.userId, orderId, provider: 'seed', paymentId: '', amountMinor: 0,
      currency: data.currency, startsAt: data.startsAt, endsAt: data.endsAt, paidAt: data.startsAt, firstTime: false,
    };
    await periods.activate(orderId, activation);
    await view.addSubscription(activation);
  }

  /** Whether a granted subscription is recorded already. */
  async function isGranted(subscriptionId: string) {
    return Boolean(await periods.activation(grantedOrderId(subscriptionId)));
  }

  /** Ends a subscription once (refund, cancellation) and announces it with billing.subscription.ended. */
  async function endSubscription(activation: Activation, reason: SubscriptionEnd['reason']) {
    const endedAt = now().toISOString();
    const envelope = await app.bus.record<SubscriptionEnded>('billing.subscription.ended', {
      userId: activation.userId, subscriptionId: activation.subscriptionId, reason, endedAt,
    }, { id: eventId('billing.subscription.ended', activation.subscriptionId) });
    await periods.endOnce(activation.subscriptionId, { userId: activation.userId, reason: envelope.data.reason, endedAt: envelope.data.endedAt });
    await app.bus.flush(envelope);
  }

  /** The end's facts after its event is recorded (the relay's finisher, after a crash in between). */
  async function finishEnd(d: SubscriptionEnded) {
    await periods.endOnce(d.subscriptionId, { userId: d.userId, reason: d.reason, endedAt: d.endedAt });
  }

  /** Ends the periods whose time is up (billing.subscription.ended, reason expired). Returns how many. */
  async function expireDue(): Promise<number> {
    const due = await periods.dueBy(now());
    let ended = 0;
    for (const live of due) {
      const activation = await periods.activation(live.orderId);
      if (activation) {
        await endSubscription(activation, 'expired');
        ended += 1;
      } else await periods.dropLive(live._id);
    }
    return ended;
  }

  return { activate, finishActivation, recordGranted, isGranted, endSubscription, finishEnd, expireDue };
}

/** A granted plan has no order: its activation is keyed by the subscription. */
const grantedOrderId = (subscriptionId: string) => `granted:${subscriptionId}`;
