/**
 * Time is kept per question and per quiz: the quiz clock runs from the start of this sitting (plus
 * the time saved with a paused session), each question's clock from when it was shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDuration } from './rating.ts';
import { useT } from '../../i18n/quiz/index.ts';

export const secondsBetween = (fromMs: number, toMs: number): number => Math.max(0, Math.round((toMs - fromMs) / 1000));

export function useQuizClock(savedSeconds: number) {
  const quizStartedAt = useRef(Date.now());
  const questionStartedAt = useRef(Date.now());

  /** Seconds spent on the whole quiz so far. */
  const quizSeconds = useCallback(() => savedSeconds + secondsBetween(quizStartedAt.current, Date.now()), [savedSeconds]);
  /** Seconds spent on the question on screen. */
  const questionSeconds = useCallback(() => secondsBetween(questionStartedAt.current, Date.now()), []);
  /** A new question is on screen: its clock starts now. */
  const startQuestion = useCallback(() => {
    questionStartedAt.current = Date.now();
  }, []);

  return { quizSeconds, questionSeconds, startQuestion };
}

/** The running quiz time; re-renders itself once a second, not the whole runner. */
export function QuizTimer({ seconds }: { seconds: () => number }) {
  const [, setTick] = useState(0);
  const t = useT();
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span>{t('runner.time', { time: formatDuration(seconds()) })}</span>;
}
