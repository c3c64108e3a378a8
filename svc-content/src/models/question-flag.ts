import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import type { FlagReason } from '@lp/contracts';
import { FLAG_REASONS } from '@lp/contracts';
import { schemaOptions } from './options';

/**
 * An open flag: one per student per question, `_id` = `questionId:userId` (domain/flags.ts flagKey). The unique `_id`
 * is what makes "one flag per student" hold on every replica; flagging again updates reason and note. Closed flags are
 * deleted when an admin corrects, retires or dismisses (the collection holds only open flags, so it stays small).
 */
export interface QuestionFlagDoc {
  _id: string;
  questionId: string;
  userId: string;
  reason: FlagReason;
  note: string;
  flaggedAt: Date;
}

export function questionFlagModel(db: Connection): Model<QuestionFlagDoc> {
  if (db.models.QuestionFlag) return db.models.QuestionFlag as Model<QuestionFlagDoc>;
  const schema = new Schema<QuestionFlagDoc>({
    _id: { type: String, required: true },
    questionId: { type: String, required: true },
    userId: { type: String, required: true },
    reason: { type: String, required: true, enum: FLAG_REASONS },
    note: { type: String, default: '' },
    flaggedAt: { type: Date, required: true },
  }, schemaOptions);
  schema.index({ questionId: 1 });
  return db.model<QuestionFlagDoc>('QuestionFlag', schema, 'question_flags');
}
