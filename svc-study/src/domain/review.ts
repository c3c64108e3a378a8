// The review queue's scheduling (beyond the spec): FSRS via ts-fsrs, with binary ratings.
// A correct answer is Rating.Good, a wrong one Rating.Again. Learning steps are off, so FSRS's own
// intervals are whole days; a mistake, though, is put back in the queue at once (see scheduleReview).
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import { DAY_MS, istDay } from './days';

const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));

/** FSRS's predicted recall of a card `days` after its last review, given its stability. */
export function recallAfter(days: number, stability: number): number {
  return scheduler.forgetting_curve(Math.max(0, days), stability);
}

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
 * - Only the day's first answer to a question is a review for FSRS (issue 32 §5): a retake or a mistake review on
 *   the same (India) day says nothing new about memory, and rating it again would cut or stretch the stability twice.
 *   Later answers that day move only the due date: a wrong one puts the question back in the queue at once; a right
 *   one takes it out until the interval FSRS gave the day's review (at least a day), never a longer one.
 */
export function scheduleReview(card: ReviewCard | null, isCorrect: boolean, now: Date): ReviewCard {
  const current = card ?? newReviewCard(now);
  const lastReview = current.last_review ? new Date(current.last_review) : null;
  if (lastReview && istDay(lastReview) === istDay(now)) return sameDayAnswer(current, lastReview, isCorrect, now);
  const next = scheduler.next(current, now, gradeFor(isCorrect)).card;
  return isCorrect ? next : { ...next, due: now };
}

/** A further answer on the day of the card's last review: the due date may move, the memory state does not. */
function sameDayAnswer(current: ReviewCard, lastReview: Date, isCorrect: boolean, now: Date): ReviewCard {
  if (!isCorrect) return new Date(current.due).getTime() <= now.getTime() ? current : { ...current, due: now };
  if (new Date(current.due).getTime() > now.getTime()) return current;
  return { ...current, due: new Date(lastReview.getTime() + Math.max(1, current.scheduled_days) * DAY_MS) };
}


/** Question ids due for review at `now`, most overdue first, at most `limit`. */
export function dueQuestionIds(cards: Record<string, ReviewCard>, now: Date, limit = Infinity): Array<{ questionId: string; due: Date }> {
  return Object.entries(cards)
    .map(([questionId, card]) => ({ questionId, due: new Date(card.due) }))
    .filter((c) => c.due.getTime() <= now.getTime())
    .sort((a, b) => a.due.getTime() - b.due.getTime())
    .slice(0, limit);
}
