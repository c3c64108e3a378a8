import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/**
 * study's view of billing's subscriptions, one collection per event so that the two consumers never write
 * the same document: an activation and an end of one subscription may be handled in either order, and a
 * redelivered event changes nothing. _id is billing's subscription id.
 */
export interface SubscriptionActivationDoc {
  _id: string;
  userId: string;
  startsAt: Date;
  endsAt: Date;
}

export interface SubscriptionEndDoc {
  _id: string;
  userId: string;
  endedAt: Date;
  reason: 'expired' | 'cancelled' | 'refunded';
}

const activation = new Schema<SubscriptionActivationDoc>({ _id: String, userId: { type: String, required: true }, startsAt: Date, endsAt: Date }, { versionKey: false });
activation.index({ userId: 1 });
const end = new Schema<SubscriptionEndDoc>({ _id: String, userId: { type: String, required: true }, endedAt: Date, reason: String }, { versionKey: false });
end.index({ userId: 1 });

export const subscriptionActivationModel = (db: Connection) => modelOn(db, 'SubscriptionActivation', activation, 'subscription_activations');
export const subscriptionEndModel = (db: Connection) => modelOn(db, 'SubscriptionEnd', end, 'subscription_ends');
