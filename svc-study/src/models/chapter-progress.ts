import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/**
 * A learner's progress in one chapter: when it began and its revisions. The answer counts come from the
 * recorded answers. _id is `<userId>:<chapterId>`, so a batch is one `$in` query.
 */
export interface ChapterProgressDoc {
  _id: string;
  userId: string;
  chapterId: string;
  createdAt: Date;
  firstRevisionAt: Date | null;
  secondRevisionAt: Date | null;
  thirdRevisionAt: Date | null;
}

const schema = new Schema<ChapterProgressDoc>({
  _id: String,
  userId: { type: String, required: true },
  chapterId: { type: String, required: true },
  createdAt: Date,
  firstRevisionAt: { type: Date, default: null },
  secondRevisionAt: { type: Date, default: null },
  thirdRevisionAt: { type: Date, default: null },
}, { versionKey: false });

export const chapterProgressModel = (db: Connection) => modelOn(db, 'ChapterProgress', schema, 'chapter_progress');
