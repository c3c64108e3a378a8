// study's view of billing's subscriptions, per learner: activations and ends in two collections (one per event), so
// the two consumers never write the same document and may run in either order.
import type { Leases } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import type { SubscriptionRecord } from '../domain/entitlement';
import { subscriptionActivationsModel, subscriptionEndsModel, type SubscriptionActivationsDoc, type SubscriptionEndsDoc } from '../models/subscription';

type Activation = SubscriptionActivationsDoc['items'][number];
type End = SubscriptionEndsDoc['items'][number];

const LIST_LEASE = { ttlMs: 15_000, waitMs: 10_000 };

export class SubscriptionsRepository {
  private readonly activations: Model<SubscriptionActivationsDoc>;
  private readonly ends: Model<SubscriptionEndsDoc>;

  constructor(db: Connection, private readonly leases: Leases) {
    this.activations = subscriptionActivationsModel(db);
    this.ends = subscriptionEndsModel(db);
  }

  /** The learner's subscriptions, each activation joined with its end (an end without an activation stands alone). */
  async of(userId: string): Promise<SubscriptionRecord[]> {
    const [activations, ends] = await Promise.all([
      this.activations.findById(userId).lean(),
      this.ends.findById(userId).lean(),
    ]);
    const endOf = new Map((ends?.items ?? []).map((e) => [e.subscriptionId, e]));
    const records: SubscriptionRecord[] = (activations?.items ?? []).map((a) => ({
      startsAt: a.startsAt, endsAt: a.endsAt, endedAt: endOf.get(a.subscriptionId)?.endedAt ?? null, endReason: endOf.get(a.subscriptionId)?.reason ?? null,
    }));
    const activated = new Set((activations?.items ?? []).map((a) => a.subscriptionId));
    for (const e of ends?.items ?? []) {
      if (!activated.has(e.subscriptionId)) records.push({ startsAt: null, endsAt: null, endedAt: e.endedAt, endReason: e.reason });
    }
    return records;
  }

  async addActivation(userId: string, item: Activation): Promise<void> {
    await this.addItem(this.activations, userId, item);
  }

  async addEnd(userId: string, item: End): Promise<void> {
    await this.addItem(this.ends, userId, item);
  }

  /**
   * Adds a subscription's activation or end to the learner's list once. Two replicas may handle two events of one
   * learner at the same moment, and FerretDB's updates (even `$addToSet`) can lose one of two racing writes, so the
   * list is read and replaced holding a lease on it.
   */
  private async addItem<T extends { subscriptionId: string }>(model: Model<{ _id: string; items: T[] }>, userId: string, item: T) {
    await this.leases.run(`${model.collection.name}:${userId}`, LIST_LEASE, async () => {
      const items = ((await model.findById(userId).lean())?.items ?? []) as T[];
      if (items.some((i) => i.subscriptionId === item.subscriptionId)) return;
      await model.replaceOne({ _id: userId }, { items: [...items, item] }, { upsert: true });
    });
  }
}
