// The ledger: what happened to each order and what it bought. Every step is a unique insert (exact on FerretDB
// and MongoDB) and announces itself through the outbox: the event is recorded before the change and flushed
// after, so a crash in between leaves it for the relay, which first finishes the change (beforeRelay).
import { createHash } from 'node:crypto';
import type { PaymentResult, PaymentState, Subscription, SubscriptionActivated, SubscriptionEnded } from '@lp/contracts';
import { eventId, insertOnce, Leases, type EventEnvelope, type ServiceApp } from '@lp/service-kit';
import { currentState } from './domain/payment-state';
import { nextPeriodStart, toMoney, yearlyPeriod } from './domain/prices';
import { billingRegionProblem } from './domain/billing-region';
import type { GatewaySettlement } from './gateways/types';
import type { AccountDoc, AccountOrder, AccountSubscription, Activation, BillingModels, OrderDoc, SubscriptionEnd } from './models';
import { pushPaymentStatus } from './events/payment-push';

const USER_LEASE = { ttlMs: 15_000, waitMs: 10_000 };
const STATES: PaymentState[] = ['created', 'pending', 'captured', 'failed', 'refunded'];

/** A subscription id derived from its order: the same order always names the same subscription. */
export const subscriptionIdOf = (orderId: string) => createHash('sha256').update(`subscription:${orderId}`).digest('hex').slice(0, 24);

export type Ledger = ReturnType<typeof createLedger>;

/** Gives a captured payment's money back through its gateway (returns the gateway's refund id). */
export type ReturnMoney = (order: OrderDoc, paymentId: string) => Promise<{ refundId: string }>;

export function createLedger(app: ServiceApp, models: BillingModels, now: () => Date, returnMoney: ReturnMoney) {
  const leases = new Leases(app.db);

  // ---- the learner's derived view, rebuilt from the facts under the learner's lease ----
  async function statesOf(orderId: string) {
    const docs = await Promise.all(STATES.map((s) => models.paymentStatus.findById(`${orderId}:${s}`).lean()));
    return docs.filter((d) => d !== null);
  }

  async function account(userId: string): Promise<AccountDoc> {
    return (await models.accounts.findById(userId).lean()) ?? { _id: userId, orders: [], subscriptions: [] };
  }

  /** Rewrites the learner's view of `orderId` (and of the activation it bought) from the insert-only facts. */
  async function refreshAccount(userId: string, orderId: string) {
    await leases.run(`billing-account:${userId}`, USER_LEASE, async () => {
      const [doc, order, facts, activation] = await Promise.all([account(userId), models.orders.findById(orderId).lean(), statesOf(orderId), models.activations.get(orderId)]);
      if (!order) return;
      const state = currentState(facts.map((f) => f.state));
      const paymentId = facts.find((f) => f.state === 'captured')?.paymentId ?? facts.find((f) => f.paymentId)?.paymentId ?? null;
      const updatedAt = facts.reduce((max, f) => (f.at > max ? f.at : max), order.createdAt);
      const line: AccountOrder = { orderId, provider: order.provider, amountMinor: order.amountMinor, currency: order.currency, state, paymentId, createdAt: order.createdAt, updatedAt };
      const orders = [...doc.orders.filter((o) => o.orderId !== orderId), line];
      let subscriptions = doc.subscriptions;
      if (activation && !subscriptions.some((s) => s.orderId === orderId)) subscriptions = [...subscriptions, subscriptionLine(activation)];
      await models.accounts.replaceOne({ _id: userId }, { orders, subscriptions }, { upsert: true });
    });
  }

  // ---- status changes ----
  /**
   * Records that `order` reached `state` (once) and tells the learner's open tabs. No event announces it
   * (docs/events.md: nobody consumed one; entitlements travel as billing.subscription.*), so each step here is
   * idempotent on its own and a retry finishes what a dead process left.
   */
  async function recordState(order: OrderDoc, state: PaymentState, paymentId: string | null) {
    await insertOnce(models.paymentStatus, { _id: `${order._id}:${state}`, orderId: order._id, state, paymentId, at: now() });
    if (state === 'captured' || state === 'refunded') await models.pendingOrders.deleteOne({ _id: order._id });
    await refreshAccount(order.userId, order._id);
    pushPaymentStatus(app.bus, order, state, paymentId);
  }

  /** Opens an order: its price fact, its `created` status and the pending marker the reconciler follows. */
  async function openOrder(order: OrderDoc) {
    await insertOnce(models.orders, order);
    await insertOnce(models.pendingOrders, { _id: order._id, provider: order.provider, userId: order.userId, createdAt: order.createdAt });
    await recordState(order, 'created', null);
  }

  // ---- activation: one yearly period per captured order ----
  async function finishActivation(data: SubscriptionActivated & { orderId: string; firstTime: boolean; paidAt: string; amountMinor: number }) {
    await models.activations.decide(data.orderId, {
      subscriptionId: data.subscriptionId, userId: data.userId, orderId: data.orderId, provider: data.provider as Activation['provider'],
      paymentId: data.paymentId ?? '', amountMinor: data.amountMinor, currency: data.currency, startsAt: data.startsAt, endsAt: data.endsAt,
      paidAt: data.paidAt, firstTime: data.firstTime,
    });
    if (!(await models.subscriptionEnds.get(data.subscriptionId))) {
      await insertOnce(models.liveSubscriptions, { _id: data.subscriptionId, userId: data.userId, orderId: data.orderId, endsAt: new Date(data.endsAt) });
    }
    await refreshAccount(data.userId, data.orderId);
  }

  async function activate(order: OrderDoc, paymentId: string): Promise<Activation> {
    const known = await models.activations.get(order._id);
    if (known) return known;
    const envelope = await leases.run(`billing-account:${order.userId}`, USER_LEASE, async () => {
      // Another path (the webhook, the browser, another replica) may have activated it while we waited.
      if (await models.activations.get(order._id)) return null;
      const id = eventId('billing.subscription.activated', order._id);
      const doc = await account(order.userId);
      const ends = await Promise.all(doc.subscriptions.map((s) => models.subscriptionEnds.get(s.subscriptionId)));
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
    return (await models.activations.get(order._id))!;
  }
  app.bus.beforeRelay('billing.subscription.activated', async (event: EventEnvelope<never>) => {
    const data = (event as EventEnvelope<Parameters<typeof finishActivation>[0]>).data;
    if (data.provider === 'seed') await recordGranted(data); // a granted plan (seed/demo-grant.ts)
    else await finishActivation(data);
  });

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
    await models.activations.decide(orderId, activation);
    if (!(await models.subscriptionEnds.get(data.subscriptionId))) {
      await insertOnce(models.liveSubscriptions, { _id: data.subscriptionId, userId: data.userId, orderId, endsAt: new Date(data.endsAt) });
    }
    await leases.run(`billing-account:${data.userId}`, USER_LEASE, async () => {
      const doc = await account(data.userId);
      if (doc.subscriptions.some((s) => s.subscriptionId === data.subscriptionId)) return;
      await models.accounts.replaceOne({ _id: data.userId }, { orders: doc.orders, subscriptions: [...doc.subscriptions, subscriptionLine(activation)] }, { upsert: true });
    });
  }

  /** Whether a granted subscription is recorded already. */
  async function isGranted(subscriptionId: string) {
    return Boolean(await models.activations.get(grantedOrderId(subscriptionId)));
  }

  /** Ends a subscription once (refund, cancellation) and announces it with billing.subscription.ended. */
  async function endSubscription(activation: Activation, reason: SubscriptionEnd['reason']) {
    const endedAt = now().toISOString();
    const envelope = await app.bus.record<SubscriptionEnded>('billing.subscription.ended', {
      userId: activation.userId, subscriptionId: activation.subscriptionId, reason, endedAt,
    }, { id: eventId('billing.subscription.ended', activation.subscriptionId) });
    await models.subscriptionEnds.decide(activation.subscriptionId, { userId: activation.userId, reason: envelope.data.reason, endedAt: envelope.data.endedAt });
    await models.liveSubscriptions.deleteOne({ _id: activation.subscriptionId });
    await app.bus.flush(envelope);
  }

  /** Ends the periods whose time is up (billing.subscription.ended, reason expired). Returns how many. */
  async function expireDue(): Promise<number> {
    const due = await models.liveSubscriptions.find({ endsAt: { $lte: now() } }).limit(100).lean();
    let ended = 0;
    for (const live of due) {
      const activation = await models.activations.get(live.orderId);
      if (activation) {
        await endSubscription(activation, 'expired');
        ended += 1;
      } else await models.liveSubscriptions.deleteOne({ _id: live._id });
    }
    return ended;
  }
  app.bus.beforeRelay('billing.subscription.ended', async (event: EventEnvelope<never>) => {
    const d = (event as EventEnvelope<SubscriptionEnded>).data;
    await models.subscriptionEnds.decide(d.subscriptionId, { userId: d.userId, reason: d.reason, endedAt: d.endedAt });
    await models.liveSubscriptions.deleteOne({ _id: d.subscriptionId });
  });

  /**
   * Applies what the gateway says about an order: captured activates the plan (once), failed and refunded are
   * recorded; pending changes nothing. Safe to call any number of times, from any path, in any order.
   */
  async function settle(order: OrderDoc, settlement: GatewaySettlement): Promise<PaymentResult> {
    if ((settlement.state === 'captured' || settlement.state === 'refunded') && billingRegionProblem(order.currency, settlement.billingCountry)
      && !(await models.activations.get(order._id))) {
      // Paid from India in another region's currency (domain/billing-region.ts): no plan starts, and the money goes back once.
      await recordState(order, 'captured', settlement.paymentId);
      if (settlement.state === 'captured' && settlement.paymentId) await returnOnce(order, settlement.paymentId);
      await recordState(order, 'refunded', settlement.paymentId);
      return result(order, null);
    }
    if (settlement.state === 'captured' || settlement.state === 'refunded') {
      if (settlement.amountMinor !== order.amountMinor || settlement.currency !== order.currency) {
        app.log.error({ orderId: order._id, provider: order.provider }, 'captured amount differs from the order; activating anyway, staff must check');
      }
      await recordState(order, 'captured', settlement.paymentId);
      const activation = await activate(order, settlement.paymentId ?? order._id);
      if (settlement.state === 'refunded') await refunded(order, settlement.paymentId);
      return result(order, activation);
    }
    if (settlement.state === 'failed') await recordState(order, 'failed', settlement.paymentId);
    return result(order, await models.activations.get(order._id));
  }

  /** Returns a refused payment's money once (a lease, then a decided record keyed by the order). */
  async function returnOnce(order: OrderDoc, paymentId: string) {
    const key = `region:${order._id}`;
    if (await models.refunds.get(key)) return;
    await leases.run(`billing-refund:${key}`, { ttlMs: 60_000, waitMs: 30_000 }, async () => {
      if (await models.refunds.get(key)) return;
      const { refundId } = await returnMoney(order, paymentId);
      await models.refunds.decide(key, { provider: order.provider, paymentId, refundId, amountMinor: order.amountMinor, currency: order.currency, at: now().toISOString() });
    });
  }

  /** The gateway returned the money (our refund, or one made in its dashboard): the plan it bought ends. */
  async function refunded(order: OrderDoc, paymentId: string | null) {
    await recordState(order, 'refunded', paymentId);
    const activation = await models.activations.get(order._id);
    if (activation) await endSubscription(activation, 'refunded');
  }

  async function result(order: OrderDoc, activation: Activation | null): Promise<PaymentResult> {
    const facts = await statesOf(order._id);
    const status = currentState(facts.map((f) => f.state));
    const ended = activation ? await models.subscriptionEnds.get(activation.subscriptionId) : null;
    const subscription: Subscription | null = activation ? {
      id: activation.subscriptionId, plan: 'premium_yearly', status: ended ? 'cancelled' : 'active', provider: activation.provider,
      startsAt: activation.startsAt, endsAt: activation.endsAt,
    } : null;
    return { success: status === 'captured', paymentId: activation?.paymentId ?? facts.find((f) => f.paymentId)?.paymentId ?? null, status, subscription };
  }

  return { account, openOrder, recordState, settle, refunded, activate, recordGranted, isGranted, endSubscription, expireDue, result, leases };
}

/** A granted plan has no order: its activation is keyed by the subscription. */
const grantedOrderId = (subscriptionId: string) => `granted:${subscriptionId}`;

/** The learner's view of an activation (its dates as Dates). */
function subscriptionLine(a: Activation): AccountSubscription {
  return {
    subscriptionId: a.subscriptionId, orderId: a.orderId, provider: a.provider, paymentId: a.paymentId, amountMinor: a.amountMinor,
    currency: a.currency, startsAt: new Date(a.startsAt), endsAt: new Date(a.endsAt), paidAt: new Date(a.paidAt), firstTime: a.firstTime,
  };
}

export type { AccountSubscription };
