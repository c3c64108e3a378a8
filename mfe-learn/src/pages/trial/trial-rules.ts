/**
 * The free trial, said out loud (issue 31 §8): a start button that would spend the one free quiz says so, and the
 * trial quiz's results offer the plan. Plain functions over the subscription status svc-study answers.
 */
import type { SubscriptionStatus } from '@lp/contracts';
import { t } from '../../i18n/dashboard/index.ts';

/** A free learner with the trial still unused: starting a full chapter or topic quiz now spends it (spec §6). */
export function startUsesFreeTrial(status: SubscriptionStatus | undefined): boolean {
  return status !== undefined && status.subscriptionStatus !== 'active' && status.trialQuizzesRemaining > 0;
}

/** "Full Chapter Quiz — uses your one free quiz" while starting would spend the trial, else the text as it was. */
export const withTrialNote = (text: string, usesTrial: boolean) => (usesTrial ? t('dashboard.usesFreeQuiz', { text }) : text);
