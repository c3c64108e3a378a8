import type { AttemptResult } from '@lp/contracts';
import { RichText } from '@lp/ui/rich-text';
import type { StoredAttempt } from '../../play/attemptStore.ts';

/** Each question with right or wrong, the right answer and its explanation: shown only once the attempt is finished. */
export function Review({ questions, review }: { questions: StoredAttempt['questions']; review: NonNullable<AttemptResult['review']> }) {
  const byId = new Map(review.map((r) => [r.questionId, r]));
  return (
    <section aria-label="Your answers">
      <h3 className="lp-card__title">Your answers</h3>
      <ol className="lp-challenge__review">
        {questions.map((q) => {
          const r = byId.get(q.id);
          if (!r) return null;
          return (
            <li key={q.id} className={`lp-challenge__feedback ${r.isCorrect ? 'lp-challenge__feedback--right' : 'lp-challenge__feedback--wrong'}`}>
              <p><RichText text={q.text} /></p>
              <p><strong>{r.isCorrect ? 'Correct!' : r.answered ? 'Incorrect' : 'Not answered'}</strong></p>
              {!r.isCorrect && <p>Correct answer: <RichText text={r.correctAnswer} /></p>}
              {r.explanation && <p><RichText text={r.explanation} /></p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
