/** What the dashboard says about an unfinished quiz (issue 31 §6-7), as plain functions. */
import type { QuizSession } from '@lp/contracts';

/** Spec §8, exactly. */
export const DELETE_SESSION_FAILED = 'Failed to delete session. Please try again.';

/** "Question 7 of 20": the question the quiz continues at, as the server decided it from the recorded answers. */
export function quizPosition(session: Pick<QuizSession, 'resumeQuestionIndex' | 'questionsCount'>): string {
  const count = Math.max(1, session.questionsCount);
  return `Question ${Math.min(session.resumeQuestionIndex + 1, count)} of ${count}`;
}

const KIND: Record<QuizSession['mode'], string> = {
  topic: 'Topic quiz',
  full: 'Full chapter quiz',
  mistakes: 'Mistake review',
  'subject-mistakes': 'Subject mistake review',
  review: 'Spaced Review',
};

export const quizKind = (mode: QuizSession['mode']): string => KIND[mode];

/** Where the quiz is, for "You have a paused quiz in …": its chapter's name when known, else its kind. */
export function quizPlace(session: Pick<QuizSession, 'mode' | 'chapterId'>, chapterName: string | undefined): string {
  if (chapterName) return chapterName;
  if (session.mode === 'review') return 'Spaced Review';
  if (session.mode === 'subject-mistakes') return 'your subject mistake review';
  return 'another chapter';
}
