import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/**
 * study's view of one subscription, fed by billing's events. _id is billing's subscription id.
 * Activation sets the dates, the end event sets endedAt; neither clears the other's fields, so the two
 * consumers may run in either order and a redelivery changes nothing.
 */
export interface SubscriptionDoc {
  _id: string;
  userId: string;
  startsAt: Date | null;
  endsAt: Date | null;
  endedAt: Date | null;
  endReason: 'expired' | 'cancelled' | 'refunded' | null;
}

const schema = new Schema<SubscriptionDoc>({
  _id: String,
  userId: { type: String, required: true },
  startsAt: { type: Date, default: null },
  endsAt: { type: Date, default: null },
  endedAt: { type: Date, default: null },
  endReason: { type: String, default: null },
}, { versionKey: false });
schema.index({ userId: 1 });

export const subscriptionModel = (db: Connection) => modelOn(db, 'Subscription', schema, 'subscriptions');
