// Which results are the free trial's (issue 31 §8): apart from trial-rules.ts, which the dashboard loads, so the
// dashboard does not carry this quiz-only rule.
import type { QuizMode, SubscriptionStatus } from '@lp/contracts';

/**
 * The results are the free trial's: a saved full chapter or topic quiz of a learner who is not subscribed (the trial
 * is the only way such a learner gets one, and it is spent by then). Unknown status: no offer.
 */
export function isTrialQuiz({ mode, sessionId, status }: { mode: QuizMode; sessionId: string | null; status: SubscriptionStatus | undefined }): boolean {
  return Boolean(sessionId) && (mode === 'full' || mode === 'topic') && status !== undefined && status.subscriptionStatus !== 'active' && status.trialQuizzesRemaining === 0;
}
