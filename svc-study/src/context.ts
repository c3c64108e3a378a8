// Everything the routes and handlers share: the models, the clock, the content client, the learner lock
// and the small repositories below. Built once per service instance.
//
// Reads are _id lookups only: FerretDB (the embedded default) scans a whole collection for any other
// filter, so per-learner state lives in documents keyed by the learner's id (see models/learner.ts).
import { DEFAULT_REVISION_DAYS } from '@lp/contracts';
import type { ServiceApp } from '@lp/service-kit';
import { AnswerKeys } from './content/answer-keys';
import { DEFAULT_TRIAL_QUIZZES, entitlementOf, type Entitlement, type SubscriptionRecord } from './domain/entitlement';
import type { RevisionDays } from './domain/revision';
import { KeyedLock } from './keyed-lock';
import { answerAppliedModel, answerRecordModel, answerRecoveryModel } from './models/answer-record';
import { emptyLearner, learnerModel, type LearnerDoc } from './models/learner';
import { isDuplicateKey, upsertOne } from './models/model';
import { pausedSlotModel } from './models/paused-slot';
import { quizSessionModel } from './models/quiz-session';
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

export function createContext(app: ServiceApp, options: StudyOptions) {
  const now = options.now ?? (() => new Date());
  const models = {
    sessions: quizSessionModel(app.db),
    pausedSlots: pausedSlotModel(app.db),
    answers: answerRecordModel(app.db),
    answersApplied: answerAppliedModel(app.db),
    answerRecoveries: answerRecoveryModel(app.db),
    learners: learnerModel(app.db),
    revisionSettings: revisionSettingsModel(app.db),
    subscriptionActivations: subscriptionActivationsModel(app.db),
    subscriptionEnds: subscriptionEndsModel(app.db),
    trialUses: trialUseModel(app.db),
  };
  const answerKeys = new AnswerKeys(app.bus, { ttlMs: options.answerKeyTtlMs ?? 60_000 });
  /**
   * Serialises one learner's writes within this process. FerretDB v1 does not make concurrent updates of
   * one document atomic (two `$inc`s can lose one), and a few writes read the learner's state first.
   */
  const learnerLock = new KeyedLock();

  // ---- the learner document ----
  const learners = {
    async get(userId: string): Promise<LearnerDoc> {
      const doc = await models.learners.findById(userId).lean();
      return doc ? { ...emptyLearner(userId), ...doc, chapters: doc.chapters ?? {}, mistakes: doc.mistakes ?? {}, cards: doc.cards ?? {}, openSessions: doc.openSessions ?? {} } : emptyLearner(userId);
    },
    /** Applies path updates ($set/$inc/$unset/$addToSet) to the learner's document, creating it first if needed. */
    async update(userId: string, update: Record<string, unknown>) {
      const res = await models.learners.updateOne({ _id: userId }, update);
      if (res.matchedCount === 0) {
        const { _id: _ignored, ...defaults } = emptyLearner(userId);
        await upsertOne(models.learners, { _id: userId }, { $setOnInsert: defaults });
        await models.learners.updateOne({ _id: userId }, update);
      }
    },
  };

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
      await models.revisionSettings.updateOne({ _id: 'revision' }, { $set: { ...days, updatedAt: now(), updatedBy: by } }, { upsert: true });
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
        models.learners.findById(userId).lean(),
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
        try {
          await models.trialUses.create({ _id: id, userId, sessionId, usedAt: now() });
          return true;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
      return false;
    },
  };

  return { app, now, models, answerKeys, learnerLock, learners, revisionSettings, entitlements };
}
