import { Schema, type Connection } from 'mongoose';
import type { QuizMode } from '@lp/contracts';
import { modelOn } from './model';

/**
 * One recorded answer, the log behind the learner's counts; read by _id only. Its _id is the client's
 * answer id, so a retried call finds the first record instead of writing a second one. `applied` turns true once its effects (mistakes, progress,
 * review queue, session counts) are written; a retry finishes them if the first call died half-way.
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
  applied: boolean;
  claimedAt: Date;
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
  applied: { type: Boolean, default: false },
  claimedAt: Date,
}, { versionKey: false });

export const answerRecordModel = (db: Connection) => modelOn(db, 'AnswerRecord', schema, 'answers');
