// The review queue's scheduling (beyond the spec): FSRS via ts-fsrs, with binary ratings.
// A correct answer is Rating.Good, a wrong one Rating.Again. Learning steps are off, so FSRS's own
// intervals are whole days; a mistake, though, is put back in the queue at once (see scheduleReview).
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import { DAY_MS, istDay } from './days';

const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));

export function gradeFor(isCorrect: boolean): Grade {
  return isCorrect ? Rating.Good : Rating.Again;
}

export type ReviewCard = Card;

export function newReviewCard(now: Date): ReviewCard {
  return createEmptyCard(now);
}

/**
 * The card after one answer.
 * - A wrong answer is rated Again (FSRS records the lapse in stability and difficulty) and the question
 *   is due at once: a learner reviewing mistakes should meet it again today, not tomorrow.
 * - A question answered correctly again on the same (India) day as its last review is not rescheduled:
 *   cramming it twice in a day says nothing new about memory, and FSRS would otherwise stretch the
 *   interval. If it was back in the queue after a mistake, it leaves the queue until the interval FSRS
 *   gave that mistake (at least a day), so the interval is never inflated either.
 */
export function scheduleReview(card: ReviewCard | null, isCorrect: boolean, now: Date): ReviewCard {
  const current = card ?? newReviewCard(now);
  const lastReview = current.last_review ? new Date(current.last_review) : null;
  if (isCorrect && lastReview && istDay(lastReview) === istDay(now)) {
    if (new Date(current.due).getTime() > now.getTime()) return current;
    return { ...current, due: new Date(lastReview.getTime() + Math.max(1, current.scheduled_days) * DAY_MS) };
  }
  const next = scheduler.next(current, now, gradeFor(isCorrect)).card;
  return isCorrect ? next : { ...next, due: now };
}


/** Question ids due for review at `now`, most overdue first, at most `limit`. */
export function dueQuestionIds(cards: Record<string, ReviewCard>, now: Date, limit = Infinity): Array<{ questionId: string; due: Date }> {
  return Object.entries(cards)
    .map(([questionId, card]) => ({ questionId, due: new Date(card.due) }))
    .filter((c) => c.due.getTime() <= now.getTime())
    .sort((a, b) => a.due.getTime() - b.due.getTime())
    .slice(0, limit);
}
