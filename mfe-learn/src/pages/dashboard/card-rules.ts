/** What a chapter card shows and allows (spec §2 Dashboard, §5, §9), as plain functions. */
import type { ChapterProgress } from '@lp/contracts';
import { en, t } from '../../i18n/dashboard/index.ts';

/** Spec §2: start buttons read this while another quiz is paused. */
export const COMPLETE_CURRENT_QUIZ_FIRST = en['dashboard.completeCurrentQuizFirst'];

/** Spec §5: mistake review is disabled when there are no mistakes, when signed out, or while a session is paused. */
export function mistakeReviewDisabled({ count, signedIn, sessionPaused }: { count: number; signedIn: boolean; sessionPaused: boolean }): boolean {
  return count <= 0 || !signedIn || sessionPaused;
}

/** A chapter offers mistake review only to a learner with mistakes in it (issue 31 §12: no dead "Review Mistakes (0)"). */
export function mistakeReviewShown({ count, signedIn }: { count: number; signedIn: boolean }): boolean {
  return signedIn && count > 0;
}

/** Why the mistake review button is disabled, for its accessible description (in the page's language); null when enabled. */
export function mistakeReviewHint({ count, signedIn, sessionPaused }: { count: number; signedIn: boolean; sessionPaused: boolean }): string | null {
  if (!signedIn) return t('dashboard.signInToReview');
  if (sessionPaused) return t('dashboard.finishPausedFirst');
  if (count <= 0) return t('dashboard.noMistakesToReview');
  return null;
}

export interface RevisionView {
  /** One star per revision done (0-3). */
  stars: number;
  revisionDue: boolean;
  /** Stage 4: all three revisions done (the gold trophy). */
  mastered: boolean;
  accuracy: number;
}

/** Stars are the revisions done: the three revision dates that are set. */
export function revisionView(progress: ChapterProgress): RevisionView {
  const stars = [progress.firstRevisionAt, progress.secondRevisionAt, progress.thirdRevisionAt].filter(Boolean).length;
  const mastered = progress.revisionStage >= 4;
  return {
    stars,
    mastered,
    revisionDue: !mastered && progress.revisionDue,
    accuracy: Math.round(progress.accuracyPercentage),
  };
}

export type Highlight = 'none' | 'high' | 'perfect';

/** Spec §9: cards are highlighted at 90 and 100 percent accuracy. */
export function cardHighlight(accuracy: number | undefined): Highlight {
  if (accuracy === undefined) return 'none';
  if (accuracy >= 100) return 'perfect';
  if (accuracy >= 90) return 'high';
  return 'none';
}

export type Tone = 'good' | 'fair' | 'poor';

/** Spec §9: history scores are coloured at 80 and 60 percent. */
export function historyTone(percentage: number): Tone {
  if (percentage >= 80) return 'good';
  if (percentage >= 60) return 'fair';
  return 'poor';
}
