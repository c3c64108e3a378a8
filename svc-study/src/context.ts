// Everything the routes and handlers share: the models, the clock, the content client and the
// small repositories below. Built once per service instance.
import { DEFAULT_REVISION_DAYS } from '@lp/contracts';
import type { ServiceApp } from '@lp/service-kit';
import { AnswerKeys } from './content/answer-keys';
import { istDay } from './domain/days';
import { DEFAULT_TRIAL_QUIZZES, entitlementOf, type Entitlement } from './domain/entitlement';
import type { RevisionDays } from './domain/revision';
import { activityDayModel } from './models/activity-day';
import { answerRecordModel } from './models/answer-record';
import { chapterProgressModel } from './models/chapter-progress';
import { learnerModel } from './models/learner';
import { mistakeModel } from './models/mistake';
import { learnerKey } from './models/model';
import { pausedSlotModel } from './models/paused-slot';
import { quizSessionModel } from './models/quiz-session';
import { reviewCardModel } from './models/review-card';
import { revisionSettingsModel } from './models/revision-settings';
import { subscriptionModel } from './models/subscription';

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
    subscriptions: subscriptionModel(app.db),
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

  // ---- entitlements: the learner's subscriptions, counters and role ----
  const entitlements = {
    async of(userId: string, sessionRole?: 'owner' | 'learner'): Promise<Entitlement> {
      const [subscriptions, counters] = await Promise.all([
        models.subscriptions.find({ userId }).lean(),
        models.learners.findById(userId).lean(),
      ]);
      return entitlementOf({ role: sessionRole ?? counters?.role ?? null, subscriptions, counters }, now());
    },
    /** Takes the free trial quiz if one is left; false when it is used. */
    async consumeTrial(userId: string): Promise<boolean> {
      await ensureLearner(userId);
      const taken = await models.learners.updateOne({ _id: userId, trialQuizzesRemaining: { $gt: 0 } }, { $inc: { trialQuizzesRemaining: -1 } });
      return taken.modifiedCount === 1;
    },
    async countCompletedQuiz(userId: string) {
      await ensureLearner(userId);
      await models.learners.updateOne({ _id: userId }, { $inc: { quizzesCompleted: 1 } });
    },
  };
  async function ensureLearner(userId: string) {
    await models.learners.updateOne(
      { _id: userId },
      { $setOnInsert: { trialQuizzesRemaining: DEFAULT_TRIAL_QUIZZES, quizzesCompleted: 0, role: null } },
      { upsert: true },
    );
  }

  // ---- the streak's days ----
  const activity = {
    async record(userId: string, at: Date) {
      const day = istDay(at);
      await models.activityDays.updateOne({ _id: learnerKey(userId, day) }, { $setOnInsert: { userId, day } }, { upsert: true });
    },
  };

  return { app, now, models, subjects, consumerName, answerKeys, revisionSettings, entitlements, ensureLearner, activity };
}
