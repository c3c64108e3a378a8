import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import { schemaOptions } from './options';

/** A notice to a student who flagged a question an admin then corrected. `_id` from domain/flags.ts correctionNoticeId. */
export interface FlagNoticeDoc {
  _id: string;
  userId: string;
  questionId: string;
  text: string;
  /** The question as the notice quotes it (contracts' noticeQuestion); absent on notices left before it was kept. */
  question?: string;
  createdAt: Date;
}

export function flagNoticeModel(db: Connection): Model<FlagNoticeDoc> {
  if (db.models.FlagNotice) return db.models.FlagNotice as Model<FlagNoticeDoc>;
  const schema = new Schema<FlagNoticeDoc>({
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    questionId: { type: String, required: true },
    text: { type: String, required: true },
    question: { type: String },
  }, schemaOptions);
  schema.index({ userId: 1 });
  return db.model<FlagNoticeDoc>('FlagNotice', schema, 'flag_notices');
}
