import { createHash } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { QuizMode } from '@lp/contracts';
import type { MistakeState } from '../domain/mistakes';
import type { ReviewCard } from '../domain/review';
import type { DayCounts } from '../domain/study-days';
import { decodeCards, decodeMistakes, encodeCards, encodeMistakes, joinApplied, splitApplied, type StoredCards, type StoredMistakes } from './learner-codec';
import { emptyLearner } from '../domain/learner-state';
import { modelOn } from './model';

export { RECENT_ANSWERS_KEPT, emptyLearner, newChapter } from '../domain/learner-state';

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
  recentQuizzes: Array<{ quizType: QuizMode; date: Date; score: number; totalQuestions: number; sessionId?: string }>;
}

/** A session started and not yet completed: its completion's effects on this document are still to come. */
export interface OpenSessionState {
  mode: QuizMode;
  topicId: string | null;
  chapterId: string | null;
  startedAt: Date;
}

/**
 * Everything study keeps about one learner that the dashboard reads often, in one document keyed by the
 * learner's id: a dashboard call is one _id lookup and an answer one update, whatever the size of the other
 * collections. (FerretDB, the embedded default, scans a whole collection for any filter other than an _id
 * equality, and for every update or delete: writes to growing collections are inserts only.) Every write
 * holds the learner's lease (the kit's Leases: one writer across all replicas), reads the document, and
 * writes what changed; FerretDB's own updates are not atomic against each other, so nothing else writes it.
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
  /** Counted answers per India day, the last 35 days only: the dashboard's 30-day chart (domain/study-days.ts). */
  dailyAnswers: Record<string, DayCounts>;
  chapters: Record<string, ChapterState>;
  mistakes: Record<string, MistakeState>;
  /** The review queue: one FSRS card per answered question, keyed by question id. */
  cards: Record<string, ReviewCard>;
  /** Sessions started and not completed; completing one removes it in the same write that records its effects. */
  openSessions: Record<string, OpenSessionState>;
  /** The exam day the learner set per subject (subject id → YYYY-MM-DD, India): reviews aim at it (issue 32 §1). */
  examDays: Record<string, string>;
  /**
   * Keys (`appliedKey`) of the last answers and completions whose effects are in this document: re-applying one (a
   * retry racing its first call) is skipped. Stored as one string (`applied`, see learner-codec.ts).
   */
  appliedKeys: string[];
}

/** The document as stored: cards and applied keys compact (learner-codec.ts); older documents in their first shape. */
export type StoredLearner = Omit<LearnerDoc, 'cards' | 'mistakes' | 'appliedKeys'> & {
  cards: StoredCards;
  mistakes: StoredMistakes;
  applied?: string;
  /** Older documents: the applied answers' raw ids. */
  recentAnswerIds?: string[];
};

export function decodeLearner(userId: string, stored: Partial<StoredLearner> | null): LearnerDoc {
  if (!stored) return emptyLearner(userId);
  const { cards, mistakes, applied, recentAnswerIds, ...rest } = stored;
  return { ...emptyLearner(userId), ...rest, cards: decodeCards(cards), mistakes: decodeMistakes(mistakes), appliedKeys: splitApplied(applied, recentAnswerIds) };
}

/** A whole learner as stored (a first write, a bulk load); changes write only the fields they change. */
export function encodeLearner(learner: LearnerDoc): StoredLearner {
  const { cards, mistakes, appliedKeys, ...rest } = learner;
  return { ...rest, cards: encodeCards(cards), mistakes: encodeMistakes(mistakes), applied: joinApplied(appliedKeys) };
}

const schema = new Schema<StoredLearner>({
  _id: String,
  role: { type: String, default: null },
  quizzesCompleted: { type: Number, default: 0 },
  totalQuestions: { type: Number, default: 0 },
  activeDays: { type: [String], default: [] },
  dailyAnswers: { type: Schema.Types.Mixed, default: {} },
  chapters: { type: Schema.Types.Mixed, default: {} },
  mistakes: { type: Schema.Types.Mixed, default: {} },
  cards: { type: Schema.Types.Mixed, default: {} },
  openSessions: { type: Schema.Types.Mixed, default: {} },
  examDays: { type: Schema.Types.Mixed, default: {} },
  applied: { type: String, default: '' },
  recentAnswerIds: { type: [String], default: undefined },
}, { versionKey: false, minimize: false });

/**
 * Learner documents are spread over LEARNER_SHARDS collections by a hash of the learner's id. FerretDB (the embedded
 * default) scans a whole collection for every update, even by `_id`, and a learner document is rewritten on every
 * answer: in one collection each answer cost ~0.11 ms of database CPU per learner who had ever studied (measured:
 * 92 ms per answer at 800 learners). Spread over 64, a write scans ~1/64 of them. MongoDB does not need it and
 * does not mind it.
 */
export const LEARNER_SHARDS = 64;

export function learnerShard(userId: string): number {
  return createHash('sha1').update(userId).digest()[0]! % LEARNER_SHARDS;
}

export const learnerCollection = (userId: string) => `learners_${learnerShard(userId)}`;

export const learnerModel = (db: Connection, userId: string) => modelOn(db, `Learner_${learnerShard(userId)}`, schema, learnerCollection(userId));

/** The one collection learners lived in before the shards: read (and copied over) when a learner has no shard document yet. */
export const legacyLearnerModel = (db: Connection) => modelOn(db, 'Learner', schema, 'learners');

/** A new learner as stored. */
export const emptyStoredLearner = (userId: string): StoredLearner => {
  const { appliedKeys: _none, ...rest } = emptyLearner(userId);
  return { ...rest, cards: '', mistakes: '', applied: '' };
};
export type { MistakeState } from '../domain/mistakes';
