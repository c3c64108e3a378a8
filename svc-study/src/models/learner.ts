import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/** What study keeps per learner for entitlements: trial and completion counters, and the role from identity. */
export interface LearnerDoc {
  _id: string;
  trialQuizzesRemaining: number;
  quizzesCompleted: number;
  role: 'owner' | 'learner' | null;
}

const schema = new Schema<LearnerDoc>({
  _id: String,
  trialQuizzesRemaining: Number,
  quizzesCompleted: Number,
  role: { type: String, default: null },
}, { versionKey: false });

export const learnerModel = (db: Connection) => modelOn(db, 'Learner', schema, 'learners');
