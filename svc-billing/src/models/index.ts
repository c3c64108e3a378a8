// svc-billing's collections. Only unique inserts and deletes are exact on FerretDB v1, so every fact is an
// insert keyed by what must happen once (an order, a status an order reached, an activation, a refund); the one
// derived document per learner (`accounts`) is rewritten from those facts under the learner's lease.
import type { Currency, PaymentProvider, PaymentState, Region, SubscriptionProvider } from '@lp/contracts';
import { modelOn, OnceLog } from '@lp/service-kit';
import { Schema, type Connection } from 'mongoose';

/**
 * An order we opened at a gateway: the price fixed by the server, for one learner. Inserted once, never changed.
 * `trace`: the checkout's trace context, so settling it later (webhook, reconciliation) continues that trace.
 */
export interface OrderDoc { _id: string; provider: PaymentProvider; userId: string; region: Region; amountMinor: number; currency: Currency; createdAt: Date; trace?: Record<string, string> }

/** A status an order reached (`<orderId>:<state>`): the status log, insert-only. */
export interface PaymentStatusDoc { _id: string; orderId: string; state: PaymentState; paymentId: string | null; at: Date }

/** An order not yet captured: the reconciler asks its gateway about it. Deleted once settled or expired. */
export interface PendingOrderDoc { _id: string; provider: PaymentProvider; userId: string; createdAt: Date }

/** A period not yet ended: the expiry pass ends it after `endsAt`. Inserted on activation, deleted when it ends. */
export interface LiveSubscriptionDoc { _id: string; userId: string; orderId: string; endsAt: Date }

export interface AccountOrder {
  orderId: string; provider: PaymentProvider; amountMinor: number; currency: Currency; state: PaymentState;
  paymentId: string | null; createdAt: Date; updatedAt: Date;
}
/** A bought subscription (its order's provider), or one granted without a payment ('seed': the demo accounts). */
export interface AccountSubscription {
  subscriptionId: string; orderId: string; provider: SubscriptionProvider; paymentId: string; amountMinor: number; currency: Currency;
  startsAt: Date; endsAt: Date; paidAt: Date; firstTime: boolean;
}
/** The learner's derived view (payment status page, refund decisions): rewritten under the learner's lease only. */
export interface AccountDoc { _id: string; orders: AccountOrder[]; subscriptions: AccountSubscription[] }

export interface Activation {
  subscriptionId: string; userId: string; orderId: string; provider: SubscriptionProvider; paymentId: string;
  amountMinor: number; currency: Currency; startsAt: string; endsAt: string; paidAt: string; firstTime: boolean;
}
export interface SubscriptionEnd { userId: string; reason: 'expired' | 'cancelled' | 'refunded'; endedAt: string }
export interface RefundRecord { provider: PaymentProvider; paymentId: string; refundId: string; amountMinor: number; currency: Currency; at: string }

// The reconciler reads the oldest pending orders, the expiry pass the periods past their end.
const pendingOrderSchema = new Schema<PendingOrderDoc>({ _id: String, provider: String, userId: String, createdAt: Date }, { versionKey: false });
pendingOrderSchema.index({ createdAt: 1 });
const liveSubscriptionSchema = new Schema<LiveSubscriptionDoc>({ _id: String, userId: String, orderId: String, endsAt: Date }, { versionKey: false });
liveSubscriptionSchema.index({ endsAt: 1 });

export const orderModel = (db: Connection) => modelOn(db, 'Order', new Schema<OrderDoc>({
  _id: String, provider: String, userId: String, region: String, amountMinor: Number, currency: String, createdAt: Date,
  trace: { type: Object, required: false },
}, { versionKey: false }), 'orders');
export const paymentStatusModel = (db: Connection) => modelOn(db, 'PaymentStatus', new Schema<PaymentStatusDoc>({
  _id: String, orderId: String, state: String, paymentId: { type: String, default: null }, at: Date,
}, { versionKey: false }), 'payment_status');
export const pendingOrderModel = (db: Connection) => modelOn(db, 'PendingOrder', pendingOrderSchema, 'pending_orders');
export const liveSubscriptionModel = (db: Connection) => modelOn(db, 'LiveSubscription', liveSubscriptionSchema, 'live_subscriptions');
export const accountModel = (db: Connection) => modelOn(db, 'Account', new Schema<AccountDoc>({
  _id: String, orders: Schema.Types.Mixed, subscriptions: Schema.Types.Mixed,
}, { versionKey: false, minimize: false }), 'accounts');

/** One activation per order, whatever the retries, webhook replays and arrival order. */
export const activationLog = (db: Connection) => new OnceLog<Activation>(db, 'activations');
/** One end per subscription. */
export const subscriptionEndLog = (db: Connection) => new OnceLog<SubscriptionEnd>(db, 'subscription_ends');
/** One refund per subscription (the gateway is asked once). */
export const refundLog = (db: Connection) => new OnceLog<RefundRecord>(db, 'refunds');
/** Webhook event ids already handled, per gateway. */
export const webhookEventLog = (db: Connection) => new OnceLog<{ type: string }>(db, 'webhook_events');
