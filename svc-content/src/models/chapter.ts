import type { Connection, Model, Types } from 'mongoose';
import { Schema } from 'mongoose';
import { schemaOptions } from './options';

/** A chapter of a subject, ordered by its NCERT number (spec §3). */
export interface ChapterDoc {
  _id: Types.ObjectId;
  subjectId: Types.ObjectId;
  name: string;
  /** NCERT chapter number, when known. */
  number: number | null;
  order: number;
  /** File name of its download, without `.json` (domain/slug.ts). */
  slug: string;
  /** Sum of its topics' question counts, recomputed on publish. */
  questionCount: number;
  /** The Hindi name (issue 33 §1), when an upload gave one. */
  hi?: { name: string } | null;
}

export function chapterModel(db: Connection): Model<ChapterDoc> {
  if (db.models.Chapter) return db.models.Chapter as Model<ChapterDoc>;
  const schema = new Schema<ChapterDoc>({
    subjectId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    number: { type: Number, default: null },
    order: { type: Number, default: 0 },
    slug: { type: String, required: true },
    questionCount: { type: Number, default: 0 },
    hi: { type: new Schema({ name: String }, { _id: false }), default: undefined },
  }, schemaOptions);
  schema.index({ subjectId: 1, name: 1 }, { unique: true });
  schema.index({ slug: 1 });
  // The chapters of some subjects in display order (subjects with chapters), and counting a subject's chapters.
  schema.index({ subjectId: 1, order: 1, name: 1 });
  return db.model<ChapterDoc>('Chapter', schema, 'chapters');
}
