/**
 * What shows under a submitted question: a tinted box with a title (right, wrong, saved…), the correct answer and
 * the explanation when the screen knows them. An empty live region before submitting, so the news is announced.
 */
import type { ReactNode, Ref } from 'react';
import { useStudentLanguage } from './language.ts';
import { QUIZ_LABELS } from './labels.ts';
import { QuizText } from './QuizText.tsx';

export type FeedbackTone = 'plain' | 'correct' | 'wrong' | 'pending';

export interface QuizFeedbackProps {
  tone: FeedbackTone;
  title: string;
  correctAnswer?: string | undefined;
  explanation?: string | undefined;
  /** A bilingual question's Hindi answer and explanation: shown instead when the student studies in Hindi. */
  hi?: { correctAnswer?: string | undefined; explanation?: string | undefined } | undefined;
  /** Takes the focus when a screen moves the learner to it. */
  focusRef?: Ref<HTMLDivElement>;
  children?: ReactNode;
}

export function QuizFeedback({ tone, title, correctAnswer: english, explanation: englishExplanation, hi, focusRef, children }: QuizFeedbackProps) {
  const language = useStudentLanguage();
  const inHindi = language === 'hi';
  const correctAnswer = english !== undefined && inHindi && hi?.correctAnswer ? hi.correctAnswer : english;
  const explanation = inHindi && hi?.explanation ? hi.explanation : englishExplanation;
  return (
    <div ref={focusRef} tabIndex={focusRef ? -1 : undefined} className={`lp-quiz__feedback lp-quiz__feedback--${tone}`} aria-live="polite">
      <p className="lp-quiz__feedback-title">{title}</p>
      {correctAnswer !== undefined && (
        <p>
          {QUIZ_LABELS[language].correctAnswer}: <strong><QuizText text={correctAnswer} /></strong>
        </p>
      )}
      {explanation && <p><QuizText text={explanation} /></p>}
      {children}
    </div>
  );
}

/** Before an answer is submitted: nothing to see, but screen readers hear what lands in it. */
export function EmptyQuizFeedback() {
  return <div className="lp-quiz__feedback" aria-live="polite" />;
}
