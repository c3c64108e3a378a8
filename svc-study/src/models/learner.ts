import { Schema, type Connection } from 'mongoose';
import type { QuizMode } from '@lp/contracts';
import { modelOn } from './model';

/** A chapter as the learner has studied it: counts, revisions and the last quizzes. */
export interface ChapterState {
  createdAt: Date;
  firstRevisionAt: Date | null;
  secondRevisionAt: Date | null;
  thirdRevisionAt: Date | null;
  /** Recorded answers in the chapter and how many were right. */
  totalQuestions: number;
  questionsCorrect: number;
  lastFullChapterQuiz: { date: Date; score: number; totalQuestions: number } | null;
  /** The last five completed quizzes, newest first. */
  recentQuizzes: Array<{ quizType: QuizMode; date: Date; score: number; totalQuestions: number }>;
}

/** An open mistake: a question the learner last got wrong. */
export interface MistakeState {
  chapterId: string;
  topicId: string;
  subjectId: string;
  wrongCount: number;
  lastWrongAt: Date;
}

/**
 * Everything study keeps about one learner that the dashboard reads often, in one document keyed by the
 * learner's id: a dashboard call is one _id lookup, whatever the size of the other collections. (FerretDB,
 * the embedded default, scans a whole collection for any filter other than an _id equality.) Writes go
 * through the learner lock and use path operators ($set/$inc/$unset on `chapters.<id>`, `mistakes.<id>`).
 */
export interface LearnerDoc {
  _id: string;
  /** From identity.user.upserted; the owner is treated as subscribed. */
  role: 'owner' | 'learner' | null;
  quizzesCompleted: number;
  /** Recorded answers, all time. */
  totalQuestions: number;
  /** India days (YYYY-MM-DD) with an answered question or a completed quiz: the streak. */
  activeDays: string[];
  chapters: Record<string, ChapterState>;
  mistakes: Record<string, MistakeState>;
}

const schema = new Schema<LearnerDoc>({
  _id: String,
  role: { type: String, default: null },
  quizzesCompleted: { type: Number, default: 0 },
  totalQuestions: { type: Number, default: 0 },
  activeDays: { type: [String], default: [] },
  chapters: { type: Schema.Types.Mixed, default: {} },
  mistakes: { type: Schema.Types.Mixed, default: {} },
}, { versionKey: false, minimize: false });

export const learnerModel = (db: Connection) => modelOn(db, 'Learner', schema, 'learners');

export const emptyLearner = (userId: string): LearnerDoc => ({
  _id: userId, role: null, quizzesCompleted: 0, totalQuestions: 0, activeDays: [], chapters: {}, mistakes: {},
});

export const newChapter = (at: Date, totalQuestions = 0, questionsCorrect = 0): ChapterState => ({
  createdAt: at, firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null,
  totalQuestions, questionsCorrect, lastFullChapterQuiz: null, recentQuizzes: [],
});
