import { Schema, Types, type Connection } from 'mongoose';
import type { SessionMode } from '@lp/contracts';
import { modelOn } from './model';

/** One quiz a learner started (every mode but sample). Read by _id only; the owner is checked in code. */
export interface QuizSessionDoc {
  _id: Types.ObjectId;
  userId: string;
  mode: SessionMode;
  topicId: string | null;
  chapterId: string | null;
  subjectId: string | null;
  questionsCount: number;
  /** As the runner reports them (pause), then the server's own count at completion. */
  questionsAnswered: number;
  correctAnswers: number;
  timeSpent: number;
  isPaused: boolean;
  currentQuestionIndex: number;
  completed: boolean;
  completedAt: Date | null;
  /** Started as the learner's free trial quiz. */
  trial: boolean;
  /** The questions got wrong, set at completion (while it runs, the learner document keeps its counts). */
  wrongQuestionIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

const schema = new Schema<QuizSessionDoc>({
  userId: { type: String, required: true },
  mode: { type: String, required: true },
  topicId: { type: String, default: null },
  chapterId: { type: String, default: null },
  subjectId: { type: String, default: null },
  questionsCount: { type: Number, default: 0 },
  questionsAnswered: { type: Number, default: 0 },
  correctAnswers: { type: Number, default: 0 },
  timeSpent: { type: Number, default: 0 },
  isPaused: { type: Boolean, default: false },
  currentQuestionIndex: { type: Number, default: 0 },
  completed: { type: Boolean, default: false },
  completedAt: { type: Date, default: null },
  trial: { type: Boolean, default: false },
  wrongQuestionIds: { type: [String], default: [] },
  createdAt: Date,
  updatedAt: Date,
}, { versionKey: false });

export const quizSessionModel = (db: Connection) => modelOn(db, 'QuizSession', schema, 'sessions');
