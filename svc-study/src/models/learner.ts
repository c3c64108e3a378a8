import { Schema, type Connection } from 'mongoose';
import type { QuizMode } from '@lp/contracts';
import type { ReviewCard } from '../domain/review';
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

/** Counts of a session still running, kept here so an answer writes one document (sessions are written at completion). */
export interface OpenSessionState {
  answers: number;
  correct: number;
  /** Questions got wrong in this session, in order. */
  wrong: string[];
  /** The chapter and subject of its first answer (a topic quiz learns its chapter this way). */
  chapterId: string;
  subjectId: string;
}

/**
 * Everything study keeps about one learner that the dashboard reads often, in one document keyed by the
 * learner's id: a dashboard call is one _id lookup and an answer one update, whatever the size of the other
 * collections. (FerretDB, the embedded default, scans a whole collection for any filter other than an _id
 * equality, and for every update or delete: writes to growing collections are inserts only.) Writes go
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
  /** The review queue: one FSRS card per answered question, keyed by question id. */
  cards: Record<string, ReviewCard>;
  openSessions: Record<string, OpenSessionState>;
}

const schema = new Schema<LearnerDoc>({
  _id: String,
  role: { type: String, default: null },
  quizzesCompleted: { type: Number, default: 0 },
  totalQuestions: { type: Number, default: 0 },
  activeDays: { type: [String], default: [] },
  chapters: { type: Schema.Types.Mixed, default: {} },
  mistakes: { type: Schema.Types.Mixed, default: {} },
  cards: { type: Schema.Types.Mixed, default: {} },
  openSessions: { type: Schema.Types.Mixed, default: {} },
}, { versionKey: false, minimize: false });

export const learnerModel = (db: Connection) => modelOn(db, 'Learner', schema, 'learners');

export const emptyLearner = (userId: string): LearnerDoc => ({
  _id: userId, role: null, quizzesCompleted: 0, totalQuestions: 0, activeDays: [], chapters: {}, mistakes: {}, cards: {}, openSessions: {},
});

export const newChapter = (at: Date, totalQuestions = 0, questionsCorrect = 0): ChapterState => ({
  createdAt: at, firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null,
  totalQuestions, questionsCorrect, lastFullChapterQuiz: null, recentQuizzes: [],
});
