import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/**
 * study's view of billing's subscriptions, per learner (_id is the learner's id), one collection per event
 * so that the two consumers never write the same document: an activation and an end of one subscription
 * may be handled in either order, and a redelivered event ($addToSet of the same item) changes nothing.
 */
export interface SubscriptionActivationsDoc {
  _id: string;
  items: Array<{ subscriptionId: string; startsAt: Date; endsAt: Date }>;
}

export interface SubscriptionEndsDoc {
  _id: string;
  items: Array<{ subscriptionId: string; endedAt: Date; reason: 'expired' | 'cancelled' | 'refunded' }>;
}

const activations = new Schema<SubscriptionActivationsDoc>({ _id: String, items: { type: Schema.Types.Mixed, default: [] } }, { versionKey: false });
const ends = new Schema<SubscriptionEndsDoc>({ _id: String, items: { type: Schema.Types.Mixed, default: [] } }, { versionKey: false });

export const subscriptionActivationsModel = (db: Connection) => modelOn(db, 'SubscriptionActivations', activations, 'subscription_activations');
export const subscriptionEndsModel = (db: Connection) => modelOn(db, 'SubscriptionEnds', ends, 'subscription_ends');
