/** What the dashboard says about an unfinished quiz (issue 31 §6-7), as plain functions. */
import type { QuizSession } from '@lp/contracts';
import { en, t } from '../../i18n/dashboard/index.ts';

/** Spec §8, exactly. */
export const DELETE_SESSION_FAILED = en['dashboard.deleteSessionFailed'];

/** "Question 7 of 20": the question the quiz continues at, as the server decided it from the recorded answers. */
export function quizPosition(session: Pick<QuizSession, 'resumeQuestionIndex' | 'questionsCount'>): string {
  const count = Math.max(1, session.questionsCount);
  return t('dashboard.quizPosition', { n: String(Math.min(session.resumeQuestionIndex + 1, count)), count: String(count) });
}

const KIND = {
  topic: 'dashboard.kindTopic',
  full: 'dashboard.kindFull',
  mistakes: 'dashboard.kindMistakes',
  'subject-mistakes': 'dashboard.kindSubjectMistakes',
  review: 'dashboard.kindSpacedReview',
} as const satisfies Record<QuizSession['mode'], keyof typeof en>;

export const quizKind = (mode: QuizSession['mode']): string => t(KIND[mode]);

/** Where the quiz is, for "You have a paused quiz in …": its chapter's name when known, else its kind. */
export function quizPlace(session: Pick<QuizSession, 'mode' | 'chapterId'>, chapterName: string | undefined): string {
  if (chapterName) return chapterName;
  if (session.mode === 'review') return t('dashboard.kindSpacedReview');
  if (session.mode === 'subject-mistakes') return t('dashboard.placeSubjectMistakes');
  return t('dashboard.placeOther');
}
