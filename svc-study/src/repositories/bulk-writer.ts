// Writes for the bulk loader (seed/bulk-load.ts): many learners' records straight into this service's collections with
// unordered insertMany batches, the learner documents of one shard replaced whole, and a quiz started directly. Only
// for benchmarks and their smoke test; the service's own paths go through the other repositories.
import { isDuplicateKey } from '@lp/service-kit';
import type { Collection, Connection, Model } from 'mongoose';
import { answerRecordModel, type AnswerRecordDoc } from '../models/answer-record';
import { LEARNER_SHARDS, decodeLearner, encodeLearner, learnerModel, learnerShard, type LearnerDoc, type StoredLearner } from '../models/learner';
import { encodeMistakes } from '../models/learner-codec';
import { quizSessionModel, sessionAnswerId, sessionAnswerModel, type QuizSessionDoc, type SessionAnswerDoc, type SessionCompletion } from '../models/quiz-session';
import { subscriptionActivationsModel, type SubscriptionActivationsDoc } from '../models/subscription';
import { trialUseModel, type TrialUseDoc } from '../models/trial-use';

/** The first answer to a question of a session, before it has its `<session>:<question>` id. */
export interface BulkFirstAnswer { sessionId: string; questionId: string; answerId: string; isCorrect: boolean; at: Date }

export interface BulkRecords {
  sessions: QuizSessionDoc[];
  answers: AnswerRecordDoc[];
  firsts: BulkFirstAnswer[];
  decided: Array<{ _id: string; value: SessionCompletion; at: Date }>;
  trials: TrialUseDoc[];
  activations: SubscriptionActivationsDoc[];
}

export class BulkWriter {
  /** Learner documents are spread over this many collections (models/learner.ts). */
  static readonly learnerShards = LEARNER_SHARDS;
  static shardOf(userId: string): number {
    return learnerShard(userId);
  }

  private readonly sessions: Model<QuizSessionDoc>;
  private readonly answers: Model<AnswerRecordDoc>;
  private readonly firsts: Model<SessionAnswerDoc>;
  private readonly trials: Model<TrialUseDoc>;
  private readonly activations: Model<SubscriptionActivationsDoc>;
  /** The kit's OnceLog keeps its model to itself; its documents are `{_id: key, value, at}`. */
  private readonly completions: Collection;

  constructor(private readonly db: Connection, private readonly batch: number) {
    this.sessions = quizSessionModel(db);
    this.answers = answerRecordModel(db);
    this.firsts = sessionAnswerModel(db);
    this.trials = trialUseModel(db);
    this.activations = subscriptionActivationsModel(db);
    this.completions = db.collection('session_completions');
  }

  /** Inserts the records; ones already there (a repeated load) are skipped. `wroteAnswers` follows the answers. */
  async insert(records: BulkRecords, wroteAnswers: (n: number) => void): Promise<void> {
    const { answers, firsts, sessions, decided, trials, activations } = records;
    const firstDocs: SessionAnswerDoc[] = firsts.map((f) => ({ _id: sessionAnswerId(f.sessionId, f.questionId), answerId: f.answerId, isCorrect: f.isCorrect, at: f.at }));
    // Sessions before their answers, answers before first answers: a reader never meets an answer of a missing session.
    await insertAll(this.sessions.collection, sessions, this.batch, () => {});
    await insertAll(this.answers.collection, answers, this.batch, wroteAnswers);
    await insertAll(this.firsts.collection, firstDocs, this.batch, () => {});
    await insertAll(this.completions, decided, this.batch, () => {});
    await insertAll(this.trials.collection, trials, this.batch, () => {});
    await insertAll(this.activations.collection, activations, this.batch, () => {});
  }

  /** Replaces the documents of learners of one shard whole (derived state). */
  async replaceLearners(learners: LearnerDoc[]): Promise<void> {
    if (learners.length === 0) return;
    const docs: StoredLearner[] = learners.map(encodeLearner);
    const model = learnerModel(this.db, docs[0]!._id);
    await model.deleteMany({ _id: { $in: docs.map((d) => d._id) } });
    await insertAll(model.collection, docs, 100, () => {});
  }

  /** Stores a started full chapter quiz and opens it in its (loaded) learner's document, clearing the chapter's mistakes. */
  async startQuiz(session: QuizSessionDoc & { chapterId: string }): Promise<void> {
    const userId = session.userId;
    await this.sessions.collection.insertOne(session as never);
    const learners = learnerModel(this.db, userId);
    const stored = await learners.collection.findOne({ _id: userId } as never) as StoredLearner | null;
    if (!stored) throw new Error(`learner ${userId} is not loaded`);
    const { mistakes } = decodeLearner(userId, stored);
    const kept = Object.fromEntries(Object.entries(mistakes).filter(([, m]) => m.chapterId !== session.chapterId));
    await learners.collection.updateOne({ _id: userId } as never, {
      $set: { [`openSessions.${session._id}`]: { mode: session.mode, topicId: session.topicId, chapterId: session.chapterId, startedAt: session.createdAt }, mistakes: encodeMistakes(kept) },
    });
  }
}

/** Unordered insertMany in batches; documents already there (a repeated load) are skipped, any other error thrown. */
async function insertAll(collection: { insertMany(docs: object[], o: { ordered: false }): Promise<unknown> }, docs: object[], batch: number, wrote: (n: number) => void) {
  for (let from = 0; from < docs.length; from += batch) {
    const part = docs.slice(from, from + batch);
    try {
      await collection.insertMany(part, { ordered: false });
    } catch (err) {
      const writeErrors = (err as { writeErrors?: Array<{ code?: number }> | { code?: number } }).writeErrors;
      const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
      if (list.length === 0 || list.some((e) => !isDuplicateKey(e))) throw err;
    }
    wrote(part.length);
  }
}
