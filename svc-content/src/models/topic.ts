import type { Connection, Model, Types } from 'mongoose';
import { Schema } from 'mongoose';
import { schemaOptions } from './options';

/** A topic of a chapter, with the topic page's stats (domain/topic-stats.ts), recomputed on publish. */
export interface TopicDoc {
  _id: Types.ObjectId;
  chapterId: Types.ObjectId;
  subjectId: Types.ObjectId;
  name: string;
  description: string;
  order: number;
  questionCount: number;
  easyPercentage: number;
  hardPercentage: number;
  questionCountByType: { multiple_choice: number; true_false: number; short_answer: number };
  /** Fingerprint of its questions' stored content; the chapter's event id derives from these. */
  contentVersion: string;
  /** The Hindi name and description (issue 33 §1), when an upload gave them. */
  hi?: { name: string; description?: string } | null;
}

export function topicModel(db: Connection): Model<TopicDoc> {
  if (db.models.Topic) return db.models.Topic as Model<TopicDoc>;
  const schema = new Schema<TopicDoc>({
    chapterId: { type: Schema.Types.ObjectId, required: true },
    subjectId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    order: { type: Number, default: 0 },
    questionCount: { type: Number, default: 0 },
    easyPercentage: { type: Number, default: 0 },
    hardPercentage: { type: Number, default: 0 },
    questionCountByType: {
      multiple_choice: { type: Number, default: 0 },
      true_false: { type: Number, default: 0 },
      short_answer: { type: Number, default: 0 },
    },
    contentVersion: { type: String, default: '' },
    hi: { type: new Schema({ name: String, description: String }, { _id: false }), default: undefined },
  }, schemaOptions);
  schema.index({ chapterId: 1, name: 1 }, { unique: true });
  // A chapter's topics in display order, and counting them when one is added.
  schema.index({ chapterId: 1, order: 1 });
  return db.model<TopicDoc>('Topic', schema, 'topics');
}
