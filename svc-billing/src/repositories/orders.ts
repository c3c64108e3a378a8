// Orders: the order opened at a gateway (inserted once, never changed), each status it reached (`<orderId>:<state>`,
// insert-only) and the pending marker the reconciler follows until the order is settled (deleted then: a delete is exact).
import type { PaymentState } from '@lp/contracts';
import { insertOnce } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import {
  orderModel, paymentStatusModel, pendingOrderModel, type OrderDoc, type PaymentStatusDoc, type PendingOrderDoc,
} from '../models';

const STATES: PaymentState[] = ['created', 'pending', 'captured', 'failed', 'refunded'];

export class OrdersRepository {
  private readonly orders: Model<OrderDoc>;
  private readonly statuses: Model<PaymentStatusDoc>;
  private readonly pending: Model<PendingOrderDoc>;

  constructor(db: Connection) {
    this.orders = orderModel(db);
    this.statuses = paymentStatusModel(db);
    this.pending = pendingOrderModel(db);
  }

  async byId(orderId: string): Promise<OrderDoc | null> {
    return this.orders.findById(orderId).lean();
  }

  /** Stores a new order and marks it pending for the reconciler (both idempotent). */
  async open(order: OrderDoc): Promise<void> {
    await insertOnce(this.orders, order);
    await insertOnce(this.pending, { _id: order._id, provider: order.provider, userId: order.userId, createdAt: order.createdAt });
  }

  /** Records that the order reached `state` (once); a captured or refunded order is no longer pending. */
  async recordState(order: OrderDoc, state: PaymentState, paymentId: string | null, at: Date): Promise<void> {
    await insertOnce(this.statuses, { _id: `${order._id}:${state}`, orderId: order._id, state, paymentId, at });
    if (state === 'captured' || state === 'refunded') await this.pending.deleteOne({ _id: order._id });
  }

  /** The status facts recorded for an order (read by _id, one per possible state). */
  async statesOf(orderId: string): Promise<PaymentStatusDoc[]> {
    const docs = await Promise.all(STATES.map((s) => this.statuses.findById(`${orderId}:${s}`).lean()));
    return docs.filter((d) => d !== null);
  }

  /** The oldest orders pending since `before` or earlier, for the reconciler. */
  async pendingSince(before: Date, limit = 50): Promise<PendingOrderDoc[]> {
    return this.pending.find({ createdAt: { $lte: before } }).sort({ createdAt: 1 }).limit(limit).lean();
  }

  /** Stops following an order (settled, abandoned, or unknown). */
  async stopFollowing(orderId: string): Promise<void> {
    await this.pending.deleteOne({ _id: orderId });
  }
}
