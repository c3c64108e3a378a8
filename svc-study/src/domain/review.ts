// The review queue's scheduling (beyond the spec): FSRS via ts-fsrs, with binary ratings.
// A correct answer is Rating.Good, a wrong one Rating.Again. Learning steps are off: a quiz question
// comes back on a later day, not ten minutes later.
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import { istDay } from './days';

const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));

export function gradeFor(isCorrect: boolean): Grade {
  return isCorrect ? Rating.Good : Rating.Again;
}

export type ReviewCard = Card;

export function newReviewCard(now: Date): ReviewCard {
  return createEmptyCard(now);
}

/**
 * The card after one answer. A question answered correctly again on the same (India) day as its last
 * review is not rescheduled: cramming the same question twice in a day says nothing new about memory,
 * and FSRS would otherwise stretch the interval. A wrong answer always counts (it can only bring the
 * question back sooner).
 */
export function scheduleReview(card: ReviewCard | null, isCorrect: boolean, now: Date): ReviewCard {
  const current = card ?? newReviewCard(now);
  if (isCorrect && current.last_review && istDay(current.last_review) === istDay(now)) return current;
  return scheduler.next(current, now, gradeFor(isCorrect)).card;
}
