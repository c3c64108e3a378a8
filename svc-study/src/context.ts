// Everything the routes and handlers share: the models, the clock, the content client, the learner
// document's one writer, and the small repositories below. Built once per service instance.
//
// Correct with any number of replicas, on MongoDB and on the embedded FerretDB v1, whose updates are not
// atomic against each other (two `$inc`s or read-modify-writes can lose one): writes that must happen once are
// unique inserts (answers, first answers, completions, trial uses, paused slots), and the learner document,
// which holds derived state, is written only under the learner's lease (one holder across all replicas).
// Reads are _id lookups only: FerretDB scans a whole collection for any other filter.
import { DEFAULT_REVISION_DAYS } from '@lp/contracts';
import { InsertBatch, Leases, OnceLog, UpdateBatch, cachedRpc, type ServiceApp } from '@lp/service-kit';
import { Types, type UpdateQuery } from 'mongoose';
import { AnswerKeys, contentUnavailable } from './content/answer-keys';
import { DEFAULT_TRIAL_QUIZZES, entitlementOf, type Entitlement, type SubscriptionRecord } from './domain/entitlement';
import type { RevisionDays } from './domain/revision';
import { answerRecordModel, type AnswerRecordDoc } from './models/answer-record';
import { decodeLearner, emptyStoredLearner, learnerModel, legacyLearnerModel, type LearnerDoc, type StoredLearner } from './models/learner';
import { insertOnce } from './models/model';
import { pausedSlotModel } from './models/paused-slot';
import { quizSessionModel, sessionAnswerModel, sessionPositionModel, type QuizSessionDoc, type SessionAnswerDoc, type SessionCompletion } from './models/quiz-session';
import { revisionSettingsModel } from './models/revision-settings';
import { subscriptionActivationsModel, subscriptionEndsModel } from './models/subscription';
import { trialUseModel } from './models/trial-use';

export interface StudyOptions {
  /** The clock; tests move it to walk through revision timelines, streaks and the review queue. */
  now?: () => Date;
  /** How long answer keys stay cached (ms). */
  answerKeyTtlMs?: number;
}

export type StudyContext = ReturnType<typeof createContext>;

/** A learner write is a few milliseconds; the lease outlives any stall of that, and callers wait their turn. */
const LEARNER_LEASE = { ttlMs: 15_000, waitMs: 10_000 };
/** Sessions and completions a replica remembers (a classroom's open quizzes fit many times over). */
const SESSION_CACHE_SIZE = 20_000;
const SESSION_CACHE_MS = 60_000;

export function createContext(app: ServiceApp, options: StudyOptions) {
  const now = options.now ?? (() => new Date());
  const models = {
    sessions: quizSessionModel(app.db),
    sessionAnswers: sessionAnswerModel(app.db),
    sessionPositions: sessionPositionModel(app.db),
    completions: new OnceLog<SessionCompletion>(app.db, 'session_completions'),
    pausedSlots: pausedSlotModel(app.db),
    answers: answerRecordModel(app.db),
    learners: (userId: string) => learnerModel(app.db, userId),
    legacyLearners: legacyLearnerModel(app.db),
    revisionSettings: revisionSettingsModel(app.db),
    subscriptionActivations: subscriptionActivationsModel(app.db),
    subscriptionEnds: subscriptionEndsModel(app.db),
    trialUses: trialUseModel(app.db),
  };
  const answerKeys = new AnswerKeys(app.bus, { ttlMs: options.answerKeyTtlMs ?? 60_000 });
  const leases = new Leases(app.db);

  // ---- writes many requests make at once (a classroom answering): one database command each, not one per call ----
  const batched = {
    answers: new InsertBatch<AnswerRecordDoc>(models.answers),
    sessionAnswers: new InsertBatch<SessionAnswerDoc>(models.sessionAnswers),
  };

  // ---- sessions: written once, so a replica may keep what it read; a deletion (retake) is seen by the others
  // within SESSION_CACHE_MS ----
  const sessionCache = new Map<string, { doc: QuizSessionDoc; until: number }>();
  const sessions = {
    async byId(id: string): Promise<QuizSessionDoc | null> {
      const hit = sessionCache.get(id);
      if (hit && hit.until > Date.now()) return hit.doc;
      // New sessions have a string _id (an index lookup); ones started before that have an ObjectId.
      const doc = await models.sessions.collection.findOne({ _id: id } as never) as QuizSessionDoc | null
        ?? (Types.ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id) ? await models.sessions.collection.findOne({ _id: new Types.ObjectId(id) } as never) as QuizSessionDoc | null : null);
      if (!doc) return null;
      if (sessionCache.size >= SESSION_CACHE_SIZE) sessionCache.delete(sessionCache.keys().next().value!);
      sessionCache.set(id, { doc, until: Date.now() + SESSION_CACHE_MS });
      return doc;
    },
    async create(doc: QuizSessionDoc): Promise<void> {
      await models.sessions.collection.insertOne(doc as never);
    },
    async remove(session: QuizSessionDoc): Promise<void> {
      sessionCache.delete(String(session._id));
      await models.sessions.collection.deleteOne({ _id: session._id } as never);
    },
  };

  // ---- completions: decided once and never undone, so a decided one is remembered here ----
  const decided = new Map<string, SessionCompletion>();
  const completions = {
    async get(sessionId: string): Promise<SessionCompletion | null> {
      const known = decided.get(sessionId);
      if (known) return known;
      const value = await models.completions.get(sessionId);
      if (value) remember(sessionId, value);
      return value;
    },
    async decide(sessionId: string, value: SessionCompletion) {
      const r = await models.completions.decide(sessionId, value);
      remember(sessionId, r.value);
      return r;
    },
  };
  function remember(sessionId: string, value: SessionCompletion) {
    if (decided.size >= SESSION_CACHE_SIZE) decided.delete(decided.keys().next().value!);
    decided.set(sessionId, value);
  }

  // ---- the learner document: one writer at a time, across replicas ----
  const learnerUpdates = new Map<string, UpdateBatch<StoredLearner>>();
  const updatesOf = (userId: string) => {
    const shard = models.learners(userId);
    let batch = learnerUpdates.get(shard.collection.collectionName);
    if (!batch) learnerUpdates.set(shard.collection.collectionName, batch = new UpdateBatch<StoredLearner>(shard));
    return batch;
  };
  const readLearner = (userId: string) => models.learners(userId).collection.findOne({ _id: userId } as never) as Promise<StoredLearner | null>;
  // The single `learners` collection of before the shards: looked in only if it holds anyone (mongoose creates it empty).
  const legacyExists = models.legacyLearners.collection.findOne({}, { projection: { _id: 1 } }).then((found) => found !== null, () => true);
  const readLegacy = async (userId: string) => ((await legacyExists) ? await models.legacyLearners.findById(userId).lean() as StoredLearner | null : null);
  const learners = {
    async get(userId: string): Promise<LearnerDoc> {
      return decodeLearner(userId, await readLearner(userId) ?? await readLegacy(userId));
    },
    /**
     * Reads the learner document and writes the update `decide` returns (null: nothing to write), holding the
     * learner's lease so no other request, on any replica, writes it in between.
     */
    async change<T = void>(userId: string, decide: (learner: LearnerDoc) => Promise<{ update: UpdateQuery<StoredLearner> | null; result?: T }> | { update: UpdateQuery<StoredLearner> | null; result?: T }): Promise<T | undefined> {
      return leases.run(`learner:${userId}`, LEARNER_LEASE, async () => {
        const shard = models.learners(userId);
        let stored = await readLearner(userId);
        if (!stored) {
          // First write since the shards: start from the learner's old document, if there is one.
          stored = await readLegacy(userId);
          await insertOnce(shard, stored ?? emptyStoredLearner(userId));
        }
        const learner = decodeLearner(userId, stored);
        const { update, result } = await decide(learner);
        if (update && Object.keys(update).length > 0) await updatesOf(userId).updateOne(userId, update);
        return result;
      });
    },
  };

  // ---- the question set of a topic or chapter quiz, from svc-content, kept as long as the answer keys ----
  // (svc-content finds a chapter's questions by a filter its embedded database answers by reading every question:
  // ~80 ms of FerretDB CPU, which a classroom starting its quizzes together would pay 200 times in a few seconds.)
  // Learners starting the same quiz at once share one request; an unknown target or a failure is not kept.
  const quizQuestions = cachedRpc(app.bus.rpc('content.rpc.quizQuestions', { failure: contentUnavailable }), {
    keyOf: (target) => ('topicId' in target ? `topic:${target.topicId}` : `chapter:${target.chapterId}`),
    ttlMs: options.answerKeyTtlMs ?? 60_000,
    keep: (set) => set.found,
  });

  // ---- revision settings, cached for a few seconds (progress is polled every 5 s per learner) ----
  let settingsCache: { value: RevisionDays; until: number } | null = null;
  const revisionSettings = {
    async get(): Promise<RevisionDays> {
      if (settingsCache && settingsCache.until > Date.now()) return settingsCache.value;
      const doc = await models.revisionSettings.findById('revision').lean();
      const value = {
        firstRevisionDays: doc?.firstRevisionDays ?? DEFAULT_REVISION_DAYS,
        secondRevisionDays: doc?.secondRevisionDays ?? DEFAULT_REVISION_DAYS,
        thirdRevisionDays: doc?.thirdRevisionDays ?? DEFAULT_REVISION_DAYS,
      };
      settingsCache = { value, until: Date.now() + 5000 };
      return value;
    },
    async save(days: RevisionDays, by: string): Promise<RevisionDays> {
      // The admin's last save wins: a whole-document replace, never a partial merge of two saves.
      await models.revisionSettings.replaceOne({ _id: 'revision' }, { ...days, updatedAt: now(), updatedBy: by }, { upsert: true });
      settingsCache = null;
      return days;
    },
  };

  // ---- entitlements: subscriptions, trial uses, completed quizzes and role ----
  const trialIds = (userId: string) => Array.from({ length: DEFAULT_TRIAL_QUIZZES }, (_, i) => `${userId}:trial:${i + 1}`);
  async function subscriptionsOf(userId: string): Promise<SubscriptionRecord[]> {
    const [activations, ends] = await Promise.all([
      models.subscriptionActivations.findById(userId).lean(),
      models.subscriptionEnds.findById(userId).lean(),
    ]);
    const endOf = new Map((ends?.items ?? []).map((e) => [e.subscriptionId, e]));
    const records: SubscriptionRecord[] = (activations?.items ?? []).map((a) => ({
      startsAt: a.startsAt, endsAt: a.endsAt, endedAt: endOf.get(a.subscriptionId)?.endedAt ?? null, endReason: endOf.get(a.subscriptionId)?.reason ?? null,
    }));
    const activated = new Set((activations?.items ?? []).map((a) => a.subscriptionId));
    for (const e of ends?.items ?? []) {
      if (!activated.has(e.subscriptionId)) records.push({ startsAt: null, endsAt: null, endedAt: e.endedAt, endReason: e.reason });
    }
    return records;
  }
  const entitlements = {
    async of(userId: string, sessionRole?: 'owner' | 'learner'): Promise<Entitlement> {
      const [subscriptions, learner, trialsUsed] = await Promise.all([
        subscriptionsOf(userId),
        learners.get(userId),
        Promise.all(trialIds(userId).map((id) => models.trialUses.findById(id).lean())),
      ]);
      const counters = {
        trialQuizzesRemaining: trialsUsed.filter((t) => !t).length,
        quizzesCompleted: learner?.quizzesCompleted ?? 0,
      };
      return entitlementOf({ role: sessionRole ?? learner?.role ?? null, subscriptions, counters }, now());
    },
    /** Subscribed or the owner: the one question a recorded answer outside a session asks. */
    async subscribed(userId: string, sessionRole: 'owner' | 'learner'): Promise<boolean> {
      if (sessionRole === 'owner') return true;
      return entitlementOf({ role: sessionRole, subscriptions: await subscriptionsOf(userId), counters: null }, now()).subscribed;
    },
    /** Takes a free trial quiz for the session if one is left; false when the trial is used. */
    async consumeTrial(userId: string, sessionId: string): Promise<boolean> {
      for (const id of trialIds(userId)) {
        if (await insertOnce(models.trialUses, { _id: id, userId, sessionId, usedAt: now() })) return true;
      }
      return false;
    },
    /** The learner has a session of this topic or chapter open (started, not completed): its list may be reopened. */
    async hasOpenSession(userId: string, target: { topicId?: string; chapterId?: string }): Promise<boolean> {
      const { openSessions } = await learners.get(userId);
      return Object.values(openSessions).some((s) =>
        (target.topicId !== undefined && s.mode === 'topic' && s.topicId === target.topicId) ||
        (target.chapterId !== undefined && s.mode === 'full' && s.chapterId === target.chapterId));
    },
  };

  return { app, now, models, batched, sessions, completions, answerKeys, leases, learners, quizQuestions, revisionSettings, entitlements };
}
