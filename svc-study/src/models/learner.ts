import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/** A learner's role, from identity.user.upserted (the owner is treated as subscribed). */
export interface LearnerDoc {
  _id: string;
  role: 'owner' | 'learner' | null;
}

const schema = new Schema<LearnerDoc>({ _id: String, role: { type: String, default: null } }, { versionKey: false });

export const learnerModel = (db: Connection) => modelOn(db, 'Learner', schema, 'learners');
