import type { AttemptResult } from '@lp/contracts';
import { MistakeReview } from '@lp/ui/quiz';
import type { StoredAttempt } from '../../play/attemptStore.ts';
import { usePlayT } from '../../i18n/play.ts';

/**
 * The player's mistakes: each question answered wrongly (or not at all), their answer, the right one and its
 * explanation, in the quiz's shared look. The server sends the keys only with the finished attempt's result.
 */
export function Review({ attempt, review }: { attempt: StoredAttempt; review: NonNullable<AttemptResult['review']> }) {
  const t = usePlayT();
  const notAnswered = t('review.notAnswered');
  const byId = new Map(review.map((r) => [r.questionId, r]));
  const mistakes = attempt.questions.flatMap((q) => {
    const r = byId.get(q.id);
    if (!r || r.isCorrect) return [];
    const given = attempt.feedback[q.id]?.given;
    const yourAnswer = typeof given === 'number' ? (q.options[given] ?? String(given)) : given || notAnswered;
    return [{ key: q.id, question: q.text, yourAnswer: r.answered ? yourAnswer : notAnswered, correctAnswer: r.correctAnswer, explanation: r.explanation }];
  });
  return (
    <section aria-labelledby="lp-challenge-review">
      <h3 id="lp-challenge-review" className="lp-card__title">{mistakes.length > 0 ? t('review.title') : t('review.none')}</h3>
      {mistakes.length > 0 ? <MistakeReview mistakes={mistakes} /> : <p className="lp-quiz__hint">{t('review.allRight')}</p>}
    </section>
  );
}
