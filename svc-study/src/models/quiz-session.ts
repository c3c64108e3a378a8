import { Schema, type Connection } from 'mongoose';
import type { SessionMode } from '@lp/contracts';
import { modelOn } from './model';

/**
 * One quiz a learner started (every mode but sample), written once and never updated: FerretDB (the embedded
 * default) does not make concurrent updates of one document atomic, so whatever changes while a session runs
 * lives in records of its own, each written by a unique insert or by one writer:
 * - the first answer to each of its questions: `session_answers` (the score is computed from these);
 * - its pause: the learner's `paused_slots` document; its place and time: `session_positions`;
 * - its completion: `session_completions`, decided once.
 * Read by _id only; the owner is checked in code.
 */
export interface QuizSessionDoc {
  /** A new ObjectId's hex string: FerretDB finds a string _id from its index. (Sessions started before that have an ObjectId.) */
  _id: string;
  userId: string;
  mode: SessionMode;
  topicId: string | null;
  chapterId: string | null;
  subjectId: string | null;
  /** The question set fixed when the session started: answers to other questions are refused. */
  questionIds: string[];
  /** How many of them the runner shows. */
  questionsCount: number;
  /** Started as the learner's free trial quiz. */
  trial: boolean;
  /**
   * Its completion closes the question set: a `session_answers` marker for every question not yet answered, before
   * the score is read. An answer then counts exactly when its first-answer insert succeeds, with no completion read
   * per answer. (Sessions started before this have no markers; their answers still read the completion.)
   */
  completionCloses?: boolean;
  createdAt: Date;
}

const schema = new Schema<QuizSessionDoc>({
  _id: String,
  userId: { type: String, required: true },
  mode: { type: String, required: true },
  topicId: { type: String, default: null },
  chapterId: { type: String, default: null },
  subjectId: { type: String, default: null },
  questionIds: { type: [String], default: [] },
  questionsCount: { type: Number, default: 0 },
  trial: { type: Boolean, default: false },
  completionCloses: { type: Boolean, default: false },
  createdAt: Date,
}, { versionKey: false });

// The one read not by _id: study.rpc.sessionResult's latest completed quiz of a learner's topic (once per challenge
// sent). MongoDB answers it from this index; the embedded FerretDB reads the collection either way.
schema.index({ userId: 1, topicId: 1, mode: 1 });

export const quizSessionModel = (db: Connection) => modelOn(db, 'QuizSession', schema, 'sessions');

/**
 * The first answer to one question of a session: _id `<sessionId>:<questionId>`. Of two answers to the same
 * question (a re-send after the key was revealed, a second tab), exactly one inserts this and counts toward the
 * score, mistakes and review; the other is recorded as practice.
 */
export interface SessionAnswerDoc {
  _id: string;
  /** null: the completion's marker (the question was not answered before the quiz was completed). */
  answerId: string | null;
  isCorrect: boolean | null;
  at: Date;
}
const sessionAnswer = new Schema<SessionAnswerDoc>({ _id: String, answerId: { type: String, default: null }, isCorrect: { type: Boolean, default: null }, at: Date }, { versionKey: false });
export const sessionAnswerModel = (db: Connection) => modelOn(db, 'SessionAnswer', sessionAnswer, 'session_answers');
export const sessionAnswerId = (sessionId: string, questionId: string) => `${sessionId}:${questionId}`;

/** Where the runner was (question index, seconds spent): last writer wins, which is right for a position. */
export interface SessionPositionDoc {
  _id: string;
  currentQuestionIndex: number;
  timeSpent: number;
  updatedAt: Date;
}
const position = new Schema<SessionPositionDoc>({ _id: String, currentQuestionIndex: Number, timeSpent: Number, updatedAt: Date }, { versionKey: false });
export const sessionPositionModel = (db: Connection) => modelOn(db, 'SessionPosition', position, 'session_positions');

/** What a completion decided, once (the kit's OnceLog `session_completions`, keyed by session id). */
export interface SessionCompletion {
  questionsAnswered: number;
  correctAnswers: number;
  wrongQuestionIds: string[];
  percentage: number;
  timeSpent: number;
  completedAt: string;
}
