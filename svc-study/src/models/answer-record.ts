import { Schema, type Connection } from 'mongoose';
import type { QuizMode } from '@lp/contracts';
import { modelOn } from './model';

/**
 * One recorded answer; its _id is the client's answer id, so a retried call finds the first record instead
 * of writing a second one. Written once, read by _id only: the collection grows with every answer, and
 * FerretDB's updates and deletes scan a whole collection, so answers are never updated. Whether it counted
 * (the first answer to its question in the session) is the session_answers record; whether its effects are in
 * the learner document is the learner document's own `recentAnswerIds`.
 */
export interface AnswerRecordDoc {
  _id: string;
  userId: string;
  questionId: string;
  chapterId: string;
  topicId: string;
  subjectId: string;
  sessionId: string | null;
  mode: QuizMode | null;
  answer: string;
  isCorrect: boolean;
  timeSpent: number;
  createdAt: Date;
}

const schema = new Schema<AnswerRecordDoc>({
  _id: String,
  userId: { type: String, required: true },
  questionId: { type: String, required: true },
  chapterId: String,
  topicId: String,
  subjectId: String,
  sessionId: { type: String, default: null },
  mode: { type: String, default: null },
  answer: String,
  isCorrect: Boolean,
  timeSpent: Number,
  createdAt: Date,
}, { versionKey: false });

export const answerRecordModel = (db: Connection) => modelOn(db, 'AnswerRecord', schema, 'answers');
