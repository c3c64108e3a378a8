import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/**
 * The learner's one paused session. Its _id is the learner's id, so the unique _id index keeps "at most one
 * paused session per learner" true even when two pauses race on two replicas. Resuming, completing or deleting
 * the session deletes it (a delete is exact too).
 */
export interface PausedSlotDoc {
  _id: string;
  sessionId: string;
  pausedAt: Date;
}

const schema = new Schema<PausedSlotDoc>({ _id: String, sessionId: { type: String, required: true }, pausedAt: Date }, { versionKey: false });

export const pausedSlotModel = (db: Connection) => modelOn(db, 'PausedSlot', schema, 'paused_slots');
