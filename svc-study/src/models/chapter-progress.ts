import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/** A learner's progress in one chapter. _id is `<userId>:<chapterId>`, so a batch is one `$in` query. */
export interface ChapterProgressDoc {
  _id: string;
  userId: string;
  chapterId: string;
  /** Recorded answers in the chapter, and how many were right. */
  questionsCorrect: number;
  totalQuestions: number;
  createdAt: Date;
  firstRevisionAt: Date | null;
  secondRevisionAt: Date | null;
  thirdRevisionAt: Date | null;
}

const schema = new Schema<ChapterProgressDoc>({
  _id: String,
  userId: { type: String, required: true },
  chapterId: { type: String, required: true },
  questionsCorrect: { type: Number, default: 0 },
  totalQuestions: { type: Number, default: 0 },
  createdAt: Date,
  firstRevisionAt: { type: Date, default: null },
  secondRevisionAt: { type: Date, default: null },
  thirdRevisionAt: { type: Date, default: null },
}, { versionKey: false });

export const chapterProgressModel = (db: Connection) => modelOn(db, 'ChapterProgress', schema, 'chapter_progress');
