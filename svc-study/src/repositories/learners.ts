// The learner document (models/learner.ts): one writer at a time, across replicas. Every change holds the learner's
// lease (kit Leases), reads the document and writes what the caller decided; FerretDB's own updates are not atomic
// against each other, so nothing else writes it. Updates many learners make at once share commands per shard
// collection (UpdateBatch). Callers describe a change in the document's own terms (`LearnerChange`); how it is
// stored (packed strings, dotted paths) stays here.
import { Leases, UpdateBatch, insertOnce } from '@lp/service-kit';
import type { Connection, Model, UpdateQuery } from 'mongoose';
import type { MistakeState } from '../domain/mistakes';
import type { ReviewCard } from '../domain/review';
import { decodeLearner, emptyStoredLearner, learnerModel, legacyLearnerModel, type ChapterState, type LearnerDoc, type OpenSessionState, type StoredLearner } from '../models/learner';
import { encodeCards, encodeMistakes, joinApplied } from '../models/learner-codec';

/** A learner write is a few milliseconds; the lease outlives any stall of that, and callers wait their turn. */
const LEARNER_LEASE = { ttlMs: 15_000, waitMs: 10_000 };

/** What one write changes; absent fields are left as they are. */
export interface LearnerChange {
  role?: LearnerDoc['role'];
  quizzesCompleted?: number;
  totalQuestions?: number;
  activeDays?: string[];
  /** The recent days' answer counts, written whole (a few dozen entries). */
  dailyAnswers?: LearnerDoc['dailyAnswers'];
  /** Chapters written whole. */
  chapters?: Record<string, ChapterState>;
  /** Only the answer counts of chapters the document holds already. */
  chapterCounts?: Record<string, Pick<ChapterState, 'totalQuestions' | 'questionsCorrect'>>;
  mistakes?: Record<string, MistakeState>;
  cards?: Record<string, ReviewCard>;
  appliedKeys?: string[];
  openedSessions?: Record<string, OpenSessionState>;
  closedSessions?: string[];
  /** Exam days set (a day) or cleared (null), by subject id. */
  examDays?: Record<string, string | null>;
}

export type LearnerDecision<T> = { change: LearnerChange | null; result?: T };

export class LearnersRepository {
  private readonly legacy: Model<StoredLearner>;
  private readonly updates = new Map<string, UpdateBatch<StoredLearner>>();
  /** The single `learners` collection of before the shards: looked in only if it holds anyone (mongoose creates it empty). */
  private readonly legacyExists: Promise<boolean>;

  constructor(private readonly db: Connection, private readonly leases: Leases) {
    this.legacy = legacyLearnerModel(db);
    this.legacyExists = this.legacy.collection.findOne({}, { projection: { _id: 1 } }).then((found) => found !== null, () => true);
  }

  async get(userId: string): Promise<LearnerDoc> {
    return decodeLearner(userId, await this.read(userId) ?? await this.readLegacy(userId));
  }

  /**
   * Reads the learner document and writes the change `decide` returns (null: nothing to write), holding the
   * learner's lease so no other request, on any replica, writes it in between.
   */
  async change<T = void>(userId: string, decide: (learner: LearnerDoc) => Promise<LearnerDecision<T>> | LearnerDecision<T>): Promise<T | undefined> {
    return this.leases.run(`learner:${userId}`, LEARNER_LEASE, async () => {
      let stored = await this.read(userId);
      if (!stored) {
        // First write since the shards: start from the learner's old document, if there is one.
        stored = await this.readLegacy(userId);
        await insertOnce(learnerModel(this.db, userId), stored ?? emptyStoredLearner(userId));
      }
      const { change, result } = await decide(decodeLearner(userId, stored));
      const update = change ? toUpdate(change) : null;
      if (update) await this.updatesOf(userId).updateOne(userId, update);
      return result;
    });
  }

  private read(userId: string): Promise<StoredLearner | null> {
    return learnerModel(this.db, userId).collection.findOne({ _id: userId } as never) as Promise<StoredLearner | null>;
  }

  private async readLegacy(userId: string): Promise<StoredLearner | null> {
    return (await this.legacyExists) ? await this.legacy.findById(userId).lean() as StoredLearner | null : null;
  }

  private updatesOf(userId: string): UpdateBatch<StoredLearner> {
    const shard = learnerModel(this.db, userId);
    let batch = this.updates.get(shard.collection.collectionName);
    if (!batch) this.updates.set(shard.collection.collectionName, batch = new UpdateBatch<StoredLearner>(shard));
    return batch;
  }
}

/** The stored form of a change (null: nothing to write). Writing the applied keys drops the older shape's raw ids. */
function toUpdate(change: LearnerChange): UpdateQuery<StoredLearner> | null {
  const set: Record<string, unknown> = {};
  const unset: Record<string, ''> = {};
  if (change.role !== undefined) set.role = change.role;
  if (change.quizzesCompleted !== undefined) set.quizzesCompleted = change.quizzesCompleted;
  if (change.totalQuestions !== undefined) set.totalQuestions = change.totalQuestions;
  if (change.activeDays) set.activeDays = change.activeDays;
  if (change.dailyAnswers) set.dailyAnswers = change.dailyAnswers;
  if (change.appliedKeys) {
    set.applied = joinApplied(change.appliedKeys);
    unset.recentAnswerIds = '';
  }
  for (const [cid, chapter] of Object.entries(change.chapters ?? {})) set[`chapters.${cid}`] = chapter;
  for (const [cid, counts] of Object.entries(change.chapterCounts ?? {})) {
    set[`chapters.${cid}.totalQuestions`] = counts.totalQuestions;
    set[`chapters.${cid}.questionsCorrect`] = counts.questionsCorrect;
  }
  // Cards and mistakes are written whole (packed strings, see learner-codec.ts).
  if (change.mistakes) set.mistakes = encodeMistakes(change.mistakes);
  if (change.cards) set.cards = encodeCards(change.cards);
  for (const [sid, open] of Object.entries(change.openedSessions ?? {})) set[`openSessions.${sid}`] = open;
  for (const sid of change.closedSessions ?? []) unset[`openSessions.${sid}`] = '';
  for (const [subjectId, day] of Object.entries(change.examDays ?? {})) {
    if (day) set[`examDays.${subjectId}`] = day;
    else unset[`examDays.${subjectId}`] = '';
  }
  const update: UpdateQuery<StoredLearner> = {};
  if (Object.keys(set).length > 0) update.$set = set;
  if (Object.keys(unset).length > 0) update.$unset = unset;
  return Object.keys(update).length > 0 ? update : null;
}
