// Everything the routes and handlers share: the models, the clock, the content client and the
// small repositories below. Built once per service instance.
import { DEFAULT_REVISION_DAYS } from '@lp/contracts';
import type { ServiceApp } from '@lp/service-kit';
import { AnswerKeys } from './content/answer-keys';
import { istDay } from './domain/days';
import { DEFAULT_TRIAL_QUIZZES, entitlementOf, type Entitlement, type SubscriptionRecord } from './domain/entitlement';
import { KeyedLock } from './keyed-lock';
import type { RevisionDays } from './domain/revision';
import { activityDayModel } from './models/activity-day';
import { answerRecordModel } from './models/answer-record';
import { chapterProgressModel } from './models/chapter-progress';
import { learnerModel } from './models/learner';
import { mistakeModel } from './models/mistake';
import { isDuplicateKey, learnerKey, upsertOne } from './models/model';
import { pausedSlotModel } from './models/paused-slot';
import { quizSessionModel } from './models/quiz-session';
import { reviewCardModel } from './models/review-card';
import { revisionSettingsModel } from './models/revision-settings';
import { subscriptionActivationModel, subscriptionEndModel } from './models/subscription';
import { trialUseModel } from './models/trial-use';

export interface StudyOptions {
  /** The clock; tests move it to walk through revision timelines, streaks and the review queue. */
  now?: () => Date;
  /**
   * Prefix for the NATS request subjects and durable consumer names of this instance. Empty in
   * production; tests give each instance its own, so parallel test files on one NATS never answer
   * each other's requests or share a durable consumer.
   */
  instanceTag?: string;
  /** How long answer keys stay cached (ms). */
  answerKeyTtlMs?: number;
}

export type StudyContext = ReturnType<typeof createContext>;

export function createContext(app: ServiceApp, options: StudyOptions) {
  const now = options.now ?? (() => new Date());
  const tag = options.instanceTag ?? '';
  const models = {
    sessions: quizSessionModel(app.db),
    pausedSlots: pausedSlotModel(app.db),
    answers: answerRecordModel(app.db),
    mistakes: mistakeModel(app.db),
    progress: chapterProgressModel(app.db),
    revisionSettings: revisionSettingsModel(app.db),
    reviewCards: reviewCardModel(app.db),
    activityDays: activityDayModel(app.db),
    learners: learnerModel(app.db),
    subscriptionActivations: subscriptionActivationModel(app.db),
    subscriptionEnds: subscriptionEndModel(app.db),
    trialUses: trialUseModel(app.db),
  };
  const subjects = {
    answerKeys: `${tag ? `${tag}.` : ''}content.rpc.answerKeys`,
    entitlement: `${tag ? `${tag}.` : ''}study.rpc.entitlement`,
  };
  const consumerName = (name: string) => (tag ? `${tag}-${name}` : name);
  const answerKeys = new AnswerKeys(app.bus, { subject: subjects.answerKeys, ttlMs: options.answerKeyTtlMs ?? 60_000 });

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

  // ---- entitlements: the learner's subscriptions, trial uses, completed quizzes and role ----
  const entitlements = {
    async of(userId: string, sessionRole?: 'owner' | 'learner'): Promise<Entitlement> {
      const [activations, ends, learner, trialsUsed, quizzesCompleted] = await Promise.all([
        models.subscriptionActivations.find({ userId }).lean(),
        models.subscriptionEnds.find({ userId }).lean(),
        sessionRole ? null : models.learners.findById(userId).lean(),
        models.trialUses.countDocuments({ userId }),
        models.sessions.countDocuments({ userId, completed: true }),
      ]);
      const endOf = new Map(ends.map((e) => [e._id, e]));
      const subscriptions: SubscriptionRecord[] = activations.map((a) => ({
        startsAt: a.startsAt, endsAt: a.endsAt, endedAt: endOf.get(a._id)?.endedAt ?? null, endReason: endOf.get(a._id)?.reason ?? null,
      }));
      for (const e of ends) {
        if (!activations.some((a) => a._id === e._id)) subscriptions.push({ startsAt: null, endsAt: null, endedAt: e.endedAt, endReason: e.reason });
      }
      const counters = { trialQuizzesRemaining: Math.max(0, DEFAULT_TRIAL_QUIZZES - trialsUsed), quizzesCompleted };
      return entitlementOf({ role: sessionRole ?? learner?.role ?? null, subscriptions, counters }, now());
    },
    /** Takes a free trial quiz for the session if one is left; false when the trial is used. */
    async consumeTrial(userId: string, sessionId: string): Promise<boolean> {
      for (let n = 1; n <= DEFAULT_TRIAL_QUIZZES; n++) {
        try {
          await models.trialUses.create({ _id: `${userId}:trial:${n}`, userId, sessionId, usedAt: now() });
          return true;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
      return false;
    },
  };

  // ---- the streak's days ----
  const activity = {
    async record(userId: string, at: Date) {
      const day = istDay(at);
      await upsertOne(models.activityDays, { _id: learnerKey(userId, day) }, { $setOnInsert: { userId, day } });
    },
  };

  /**
   * Recorded answers and right answers, grouped by a field, for a filter: two `$group`s whatever the
   * number of groups (FerretDB 1.24 answers `$sum: '$field'` with 0 and has no `$cond`, so right answers
   * are counted by matching them).
   */
  async function answerCounts(match: Record<string, unknown>, by: 'chapterId' | null) {
    const group = { $group: { _id: by ? `$${by}` : null, n: { $sum: 1 } } };
    const [all, right] = await Promise.all([
      models.answers.aggregate<{ _id: string | null; n: number }>([{ $match: match }, group]),
      models.answers.aggregate<{ _id: string | null; n: number }>([{ $match: { ...match, isCorrect: true } }, group]),
    ]);
    const correctOf = new Map(right.map((r) => [r._id, r.n]));
    return all.map((r) => ({ _id: r._id, total: r.n, correct: correctOf.get(r._id) ?? 0 }));
  }

  const learnerLock = new KeyedLock();

  return { app, now, models, subjects, consumerName, answerKeys, revisionSettings, entitlements, activity, answerCounts, learnerLock };
}
