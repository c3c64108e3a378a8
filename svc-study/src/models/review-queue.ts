import { Schema, type Connection } from 'mongoose';
import type { ReviewCard } from '../domain/review';
import { modelOn } from './model';

/** A learner's review queue: one FSRS card per answered question, keyed by question id. _id is the learner's id. */
export interface ReviewQueueDoc {
  _id: string;
  cards: Record<string, ReviewCard>;
}

const schema = new Schema<ReviewQueueDoc>({ _id: String, cards: { type: Schema.Types.Mixed, default: {} } }, { versionKey: false, minimize: false });

export const reviewQueueModel = (db: Connection) => modelOn(db, 'ReviewQueue', schema, 'review_queues');
