import { Schema, type Connection } from 'mongoose';
import { modelOn } from './model';

/** An open mistake: a question the learner last got wrong. _id is `<userId>:<questionId>`. */
export interface MistakeDoc {
  _id: string;
  userId: string;
  questionId: string;
  chapterId: string;
  topicId: string;
  subjectId: string;
  wrongCount: number;
  createdAt: Date;
  lastWrongAt: Date;
}

const schema = new Schema<MistakeDoc>({
  _id: String,
  userId: { type: String, required: true },
  questionId: String,
  chapterId: String,
  topicId: String,
  subjectId: String,
  wrongCount: Number,
  createdAt: Date,
  lastWrongAt: Date,
}, { versionKey: false });
schema.index({ userId: 1, chapterId: 1 });
schema.index({ userId: 1, subjectId: 1 });

export const mistakeModel = (db: Connection) => modelOn(db, 'Mistake', schema, 'mistakes');
