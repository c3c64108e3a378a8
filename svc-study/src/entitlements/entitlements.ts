// What a learner may take: the pure rule (domain/entitlement.ts) over their subscriptions, trial uses, completed
// quizzes and role, each loaded through its repository.
import { entitlementOf, type Entitlement } from '../domain/entitlement';
import type { LearnersRepository } from '../repositories/learners';
import type { SubscriptionsRepository } from '../repositories/subscriptions';
import type { TrialUsesRepository } from '../repositories/trial-uses';

export class Entitlements {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly trials: TrialUsesRepository,
    private readonly learners: LearnersRepository,
    private readonly clock: () => Date,
  ) {}

  async of(userId: string, sessionRole?: 'owner' | 'learner'): Promise<Entitlement> {
    const [subscriptions, learner, trialQuizzesRemaining] = await Promise.all([
      this.subscriptions.of(userId),
      this.learners.get(userId),
      this.trials.remaining(userId),
    ]);
    const counters = { trialQuizzesRemaining, quizzesCompleted: learner?.quizzesCompleted ?? 0 };
    return entitlementOf({ role: sessionRole ?? learner?.role ?? null, subscriptions, counters }, this.clock());
  }

  /** Subscribed or the owner: the one question a recorded answer outside a session asks. */
  async subscribed(userId: string, sessionRole: 'owner' | 'learner'): Promise<boolean> {
    if (sessionRole === 'owner') return true;
    return entitlementOf({ role: sessionRole, subscriptions: await this.subscriptions.of(userId), counters: null }, this.clock()).subscribed;
  }

  /** Takes a free trial quiz for the session if one is left; false when the trial is used. */
  async consumeTrial(userId: string, sessionId: string): Promise<boolean> {
    return this.trials.consume(userId, sessionId);
  }

  /** The learner has a session of this topic or chapter open (started, not completed): its list may be reopened. */
  async hasOpenSession(userId: string, target: { topicId?: string; chapterId?: string }): Promise<boolean> {
    const { openSessions } = await this.learners.get(userId);
    return Object.values(openSessions).some((s) =>
      (target.topicId !== undefined && s.mode === 'topic' && s.topicId === target.topicId) ||
      (target.chapterId !== undefined && s.mode === 'full' && s.chapterId === target.chapterId));
  }
}
