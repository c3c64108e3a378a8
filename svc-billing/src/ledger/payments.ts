// Orders and their payments: opening an order, its status facts (told to the learner's open tabs), settling what
// the payment gateway says, returning money once, and the answer about an order.
import type { PaymentResult, PaymentState, Subscription } from '@lp/contracts';
import { inStoredTrace, traceCarrier } from '@lp/service-kit';
import { billingRegionProblem } from '../domain/billing-region';
import { currentState } from '../domain/payment-state';
import { pushPaymentStatus } from '../events/payment-push';
import type { GatewaySettlement } from '../gateways/types';
import type { Activation, OrderDoc } from '../models';
import type { AccountView } from './account-view';
import type { LedgerDeps } from './deps';
import type { Subscriptions } from './subscriptions';

/** Gives a captured payment's money back through its gateway (returns the gateway's refund id). */
export type ReturnMoney = (order: OrderDoc, paymentId: string) => Promise<{ refundId: string }>;

export function createPayments({ app, orders, subscriptions: periods, refunds, now }: LedgerDeps, view: AccountView, subscriptions: Subscriptions, returnMoney: ReturnMoney) {
  /**
   * Records that `order` reached `state` (once) and tells the learner's open tabs. No event announces it
   * (docs/events.md: nobody consumed one; entitlements travel as billing.subscription.*), so each step here is
   * idempotent on its own and a retry finishes what a dead process left.
   */
  async function recordState(order: OrderDoc, state: PaymentState, paymentId: string | null) {
    await orders.recordState(order, state, paymentId, now());
    await view.refreshAccount(order.userId, order._id);
    pushPaymentStatus(app.bus, order, state, paymentId);
  }

  /** Opens an order: its price fact, its `created` status and the pending marker the reconciler follows. */
  async function openOrder(order: OrderDoc) {
    await orders.open({ ...order, trace: traceCarrier() });
    await recordState(order, 'created', null);
  }

  /**
   * Applies what the gateway says about an order: captured activates the plan (once), failed and refunded are
   * recorded; pending changes nothing. Safe to call any number of times, from any path, in any order.
   */
  function settle(order: OrderDoc, settlement: GatewaySettlement): Promise<PaymentResult> {
    // In the checkout's trace (linked to the webhook's or the reconciler's own): one payment, one trace.
    return inStoredTrace(order.trace, `settle order ${settlement.state}`, () => settleNow(order, settlement));
  }

  async function settleNow(order: OrderDoc, settlement: GatewaySettlement): Promise<PaymentResult> {
    if ((settlement.state === 'captured' || settlement.state === 'refunded') && billingRegionProblem(order.currency, settlement.billingCountry)
      && !(await periods.activation(order._id))) {
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
      const activation = await subscriptions.activate(order, settlement.paymentId ?? order._id);
      if (settlement.state === 'refunded') await refunded(order, settlement.paymentId);
      return result(order, activation);
    }
    if (settlement.state === 'failed') await recordState(order, 'failed', settlement.paymentId);
    return result(order, await periods.activation(order._id));
  }

  /** Returns a refused payment's money once (a decided record keyed by the order). */
  async function returnOnce(order: OrderDoc, paymentId: string) {
    await refunds.once(`region:${order._id}`, async () => {
      const { refundId } = await returnMoney(order, paymentId);
      return { provider: order.provider, paymentId, refundId, amountMinor: order.amountMinor, currency: order.currency, at: now().toISOString() };
    });
  }

  /** The gateway returned the money (our refund, or one made in its dashboard): the plan it bought ends. */
  async function refunded(order: OrderDoc, paymentId: string | null) {
    await recordState(order, 'refunded', paymentId);
    const activation = await periods.activation(order._id);
    if (activation) await subscriptions.endSubscription(activation, 'refunded');
  }

  /** The answer about an order: its current status and the subscription it bought. */
  async function result(order: OrderDoc, activation: Activation | null): Promise<PaymentResult> {
    const facts = await view.statesOf(order._id);
    const status = currentState(facts.map((f) => f.state));
    const ended = activation ? await periods.end(activation.subscriptionId) : null;
    const subscription: Subscription | null = activation ? {
      id: activation.subscriptionId, plan: 'premium_yearly', status: ended ? 'cancelled' : 'active', provider: activation.provider,
      startsAt: activation.startsAt, endsAt: activation.endsAt,
    } : null;
    return { success: status === 'captured', paymentId: activation?.paymentId ?? facts.find((f) => f.paymentId)?.paymentId ?? null, status, subscription };
  }

  return { recordState, openOrder, settle, refunded, result };
}
