/** The results' review of wrong answers: each question, the learner's answer, the correct one, the explanation. */
import type { ReactNode } from 'react';
import { useStudentLanguage } from './language.ts';
import { useQuizLabels } from './labels.ts';
import { QuizText } from './QuizText.tsx';

export interface Mistake {
  key: string;
  question: string;
  /** What the learner gave; "Not answered" when they gave nothing. */
  yourAnswer: string;
  correctAnswer: string;
  explanation?: string | undefined;
  /** A bilingual question's Hindi texts: shown, each where given, when the student studies in Hindi. */
  hi?: { question?: string | undefined; yourAnswer?: string | undefined; correctAnswer?: string | undefined; explanation?: string | undefined } | undefined;
  /** Below the review of this question, e.g. learn's "Report a problem" (question flags). */
  after?: ReactNode;
}

export function MistakeReview({ mistakes, label }: { mistakes: readonly Mistake[]; label?: string }) {
  const inHindi = useStudentLanguage() === 'hi';
  const labels = useQuizLabels();
  const shown = (m: Mistake): Mistake => (inHindi && m.hi ? {
    ...m,
    question: m.hi.question || m.question,
    yourAnswer: m.hi.yourAnswer || m.yourAnswer,
    correctAnswer: m.hi.correctAnswer || m.correctAnswer,
    explanation: m.hi.explanation || m.explanation,
  } : m);
  return (
    <ol className="lp-results__review" aria-label={label}>
      {mistakes.map(shown).map((m) => (
        <li key={m.key} className="lp-results__mistake" lang={inHindi && m.hi?.question ? 'hi' : undefined}>
          <h3><QuizText text={m.question} /></h3>
          <dl>
            <dt>{labels.yourAnswer}</dt>
            <dd className="lp-results__given"><span aria-hidden="true">✗ </span><QuizText text={m.yourAnswer} /></dd>
            <dt>{labels.correctAnswer}</dt>
            <dd className="lp-results__right"><span aria-hidden="true">✓ </span><QuizText text={m.correctAnswer} /></dd>
            {m.explanation && (
              <>
                <dt>{labels.explanation}</dt>
                <dd><QuizText text={m.explanation} /></dd>
              </>
            )}
          </dl>
          {m.after}
        </li>
      ))}
    </ol>
  );
}
