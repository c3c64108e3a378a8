// The learner's derived view (orders and subscriptions), rebuilt from the insert-only facts under the learner's lease.
import type { PaymentState } from '@lp/contracts';
import { currentState } from '../domain/payment-state';
import type { AccountDoc, AccountOrder, AccountSubscription, Activation } from '../models';
import { USER_LEASE, type LedgerDeps } from './deps';

const STATES: PaymentState[] = ['created', 'pending', 'captured', 'failed', 'refunded'];

export type AccountView = ReturnType<typeof createAccountView>;

export function createAccountView({ models, leases }: LedgerDeps) {
  /** The status facts recorded for an order. */
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

  /** Adds a subscription with no order (a granted plan) to the learner's view, once. */
  async function addSubscription(activation: Activation) {
    await leases.run(`billing-account:${activation.userId}`, USER_LEASE, async () => {
      const doc = await account(activation.userId);
      if (doc.subscriptions.some((s) => s.subscriptionId === activation.subscriptionId)) return;
      await models.accounts.replaceOne({ _id: activation.userId }, { orders: doc.orders, subscriptions: [...doc.subscriptions, subscriptionLine(activation)] }, { upsert: true });
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
