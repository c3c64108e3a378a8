// Subscriptions: one activation per order (the kit's OnceLog), one end per subscription (OnceLog), and the periods
// still running (`live_subscriptions`: inserted on activation, deleted when it ends) that the expiry pass reads.
import { insertOnce, type OnceLog } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import {
  activationLog, liveSubscriptionModel, subscriptionEndLog, type Activation, type LiveSubscriptionDoc, type SubscriptionEnd,
} from '../models';

export class SubscriptionsRepository {
  private readonly activations: OnceLog<Activation>;
  private readonly ends: OnceLog<SubscriptionEnd>;
  private readonly live: Model<LiveSubscriptionDoc>;

  constructor(db: Connection) {
    this.activations = activationLog(db);
    this.ends = subscriptionEndLog(db);
    this.live = liveSubscriptionModel(db);
  }

  /** The activation an order (or a granted plan's key) bought, if decided. */
  async activation(orderId: string): Promise<Activation | null> {
    return this.activations.get(orderId);
  }

  /** The subscription's end, if it ended. */
  async end(subscriptionId: string): Promise<SubscriptionEnd | null> {
    return this.ends.get(subscriptionId);
  }

  /** Decides the activation once (the first decision stands) and, unless it ended meanwhile, marks its period running. */
  async activate(orderId: string, activation: Activation): Promise<void> {
    await this.activations.decide(orderId, activation);
    if (!(await this.ends.get(activation.subscriptionId))) {
      await insertOnce(this.live, { _id: activation.subscriptionId, userId: activation.userId, orderId, endsAt: new Date(activation.endsAt) });
    }
  }

  /** Decides the subscription's end once and stops its period running. Returns the end that stands. */
  async endOnce(subscriptionId: string, end: SubscriptionEnd): Promise<SubscriptionEnd> {
    const decided = (await this.ends.decide(subscriptionId, end)).value;
    await this.live.deleteOne({ _id: subscriptionId });
    return decided;
  }

  /** Running periods whose end is at or before `at` (at most `limit`). */
  async dueBy(at: Date, limit = 100): Promise<LiveSubscriptionDoc[]> {
    return this.live.find({ endsAt: { $lte: at } }).limit(limit).lean();
  }

  /** Forgets a running period that has no activation (nothing to end). */
  async dropLive(subscriptionId: string): Promise<void> {
    await this.live.deleteOne({ _id: subscriptionId });
  }
}
