import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import { schemaOptions } from './options';

/**
 * A question-flag notice the student has seen (issue 32 §4): `_id` = `<userId>:<noticeId>`, inserted once, never
 * updated, read by `_id`; so two tabs or replicas marking the same notice write it once.
 */
export interface FlagNoticeReadDoc {
  _id: string;
  createdAt: Date;
}

export function flagNoticeReadModel(db: Connection): Model<FlagNoticeReadDoc> {
  if (db.models.FlagNoticeRead) return db.models.FlagNoticeRead as Model<FlagNoticeReadDoc>;
  const schema = new Schema<FlagNoticeReadDoc>({ _id: { type: String, required: true } }, schemaOptions);
  return db.model<FlagNoticeReadDoc>('FlagNoticeRead', schema, 'flag_notice_reads');
}
