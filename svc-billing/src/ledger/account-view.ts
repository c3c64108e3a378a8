// The learner's derived view (orders and subscriptions), rebuilt from the insert-only facts under the learner's lease.
import { currentState } from '../domain/payment-state';
import type { AccountOrder, AccountSubscription, Activation } from '../models';
import type { LedgerDeps } from './deps';

export type AccountView = ReturnType<typeof createAccountView>;

export function createAccountView({ orders: orderFacts, subscriptions: periods, accounts }: LedgerDeps) {
  const statesOf = (orderId: string) => orderFacts.statesOf(orderId);
  const account = (userId: string) => accounts.of(userId);

  /** Rewrites the learner's view of `orderId` (and of the activation it bought) from the insert-only facts. */
  async function refreshAccount(userId: string, orderId: string) {
    await accounts.underLease(userId, async () => {
      const [doc, order, facts, activation] = await Promise.all([account(userId), orderFacts.byId(orderId), statesOf(orderId), periods.activation(orderId)]);
      if (!order) return;
      const state = currentState(facts.map((f) => f.state));
      const paymentId = facts.find((f) => f.state === 'captured')?.paymentId ?? facts.find((f) => f.paymentId)?.paymentId ?? null;
      const updatedAt = facts.reduce((max, f) => (f.at > max ? f.at : max), order.createdAt);
      const line: AccountOrder = { orderId, provider: order.provider, amountMinor: order.amountMinor, currency: order.currency, state, paymentId, createdAt: order.createdAt, updatedAt };
      const orders = [...doc.orders.filter((o) => o.orderId !== orderId), line];
      let subscriptions = doc.subscriptions;
      if (activation && !subscriptions.some((s) => s.orderId === orderId)) subscriptions = [...subscriptions, subscriptionLine(activation)];
      await accounts.replace({ _id: userId, orders, subscriptions });
    });
  }

  /** Adds a subscription with no order (a granted plan) to the learner's view, once. */
  async function addSubscription(activation: Activation) {
    await accounts.underLease(activation.userId, async () => {
      const doc = await account(activation.userId);
      if (doc.subscriptions.some((s) => s.subscriptionId === activation.subscriptionId)) return;
      await accounts.replace({ _id: activation.userId, orders: doc.orders, subscriptions: [...doc.subscriptions, subscriptionLine(activation)] });
    });
  }

  return { statesOf, account, refreshAccount, addSubscription };
}

/** The learner's view of an activation (its dates as Dates). */
function subscriptionLine(a: Activation): AccountSubscription {
  return {
    subscriptionId: a.subscriptionId, orderId: a.orderId, provider: a.provider, paymentId: a.paymentId, amountMinor: a.amountMinor,
    currency: a.currency, startsAt: new Date(a.startsAt), endsAt: new Date(a.endsAt), paidAt: new Date(a.paidAt), firstTime: a.firstTime,
  };
}
