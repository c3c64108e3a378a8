/** The results' review of wrong answers: each question, the learner's answer, the correct one, the explanation. */
import type { ReactNode } from 'react';
import { QuizText } from './QuizText.tsx';

export interface Mistake {
  key: string;
  question: string;
  /** What the learner gave; "Not answered" when they gave nothing. */
  yourAnswer: string;
  correctAnswer: string;
  explanation?: string | undefined;
  /** Below the review of this question, e.g. learn's "Report a problem" (question flags). */
  after?: ReactNode;
}

export function MistakeReview({ mistakes, label }: { mistakes: readonly Mistake[]; label?: string }) {
  return (
    <ol className="lp-results__review" aria-label={label}>
      {mistakes.map((m) => (
        <li key={m.key} className="lp-results__mistake">
          <h3><QuizText text={m.question} /></h3>
          <dl>
            <dt>Your answer</dt>
            <dd className="lp-results__given"><span aria-hidden="true">✗ </span><QuizText text={m.yourAnswer} /></dd>
            <dt>Correct answer</dt>
            <dd className="lp-results__right"><span aria-hidden="true">✓ </span><QuizText text={m.correctAnswer} /></dd>
            {m.explanation && (
              <>
                <dt>Explanation</dt>
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
