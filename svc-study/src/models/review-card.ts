import { Schema, type Connection } from 'mongoose';
import type { ReviewCard } from '../domain/review';
import { modelOn } from './model';

/** A question in a learner's review queue, with its FSRS state. _id is `<userId>:<questionId>`. */
export interface ReviewCardDoc extends ReviewCard {
  _id: string;
  userId: string;
  questionId: string;
}

const schema = new Schema<ReviewCardDoc>({
  _id: String,
  userId: { type: String, required: true },
  questionId: { type: String, required: true },
  due: Date,
  stability: Number,
  difficulty: Number,
  elapsed_days: Number,
  scheduled_days: Number,
  learning_steps: Number,
  reps: Number,
  lapses: Number,
  state: Number,
  last_review: Date,
}, { versionKey: false });
schema.index({ userId: 1, due: 1 });

export const reviewCardModel = (db: Connection) => modelOn(db, 'ReviewCard', schema, 'review_cards');
