/**
 * Keeps a chapter quiz under way on this device after every step (offline/quiz-sitting.ts), so a page reloaded
 * offline continues it; forgets it once the results are in.
 */
import { useEffect } from 'react';
import { savedAnswers } from '../../offline/quiz-sitting.ts';
import type { QuizPlan } from './loadQuiz.ts';
import { getQuizSittings } from './pageQueue.ts';
import type { AnsweredQuestion } from './QuizResults.tsx';
import type { QuizPhase } from './useQuizSession.ts';

export interface KeptSittingInput {
  plan: QuizPlan;
  userId: string | null;
  sessionId: string | null;
  phase: QuizPhase['name'];
  /** The question on screen, and whether its answer is in. */
  index: number;
  answered: boolean;
  skipped: number;
  /** This sitting's answers (a new array after every change). */
  answers: AnsweredQuestion[];
  seconds: () => number;
}

export function useKeptSitting({ plan, userId, sessionId, phase, index, answered, skipped, answers, seconds }: KeptSittingInput) {
  const chapterId = plan.mode === 'full' ? plan.chapterId : null;
  useEffect(() => {
    if (!userId || !chapterId || !sessionId) return;
    const sittings = getQuizSittings();
    if (phase === 'results') {
      sittings.remove(userId, chapterId);
      return;
    }
    if (answers.length === 0 && skipped === 0) return;
    // Completing (or waiting to send the last answers): every question is done.
    const done = phase === 'completing' || phase === 'unsaved' || phase === 'completeFailed';
    const nextIndex = done ? plan.questions.length : index + (answered ? 1 : 0);
    sittings.save({ userId, chapterId, sessionId, nextIndex, skipped, seconds: seconds(), answers: savedAnswers(answers) });
  }, [userId, chapterId, sessionId, phase, index, answered, skipped, answers, seconds, plan.questions.length]);
}
