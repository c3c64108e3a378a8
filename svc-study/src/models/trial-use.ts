import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/**
 * A free trial quiz taken. _id is `<userId>:trial:<n>` (n from 1 to the trial allowance), so the unique
 * _id index lets each trial be taken once even when two quiz starts race.
 */
export interface TrialUseDoc {
  _id: string;
  userId: string;
  sessionId: string;
  usedAt: Date;
}

const schema = new Schema<TrialUseDoc>({ _id: String, userId: { type: String, required: true }, sessionId: String, usedAt: Date }, { versionKey: false });

export const trialUseModel = (db: Connection) => modelOn(db, 'TrialUse', schema, 'trial_uses');
