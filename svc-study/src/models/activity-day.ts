import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/** A day (Asia/Kolkata) on which the learner answered a question or completed a quiz: the streak. */
export interface ActivityDayDoc {
  _id: string;
  userId: string;
  day: string;
}

const schema = new Schema<ActivityDayDoc>({ _id: String, userId: { type: String, required: true }, day: String }, { versionKey: false });
schema.index({ userId: 1, day: -1 });

export const activityDayModel = (db: Connection) => modelOn(db, 'ActivityDay', schema, 'activity_days');
