// The results screens' rules: rating, score percentage and success (spec §4 "Result rating", §9 "challenge
// success 70"): one rule for the server that records a score (svc-study) and the screens that show it (mfe-learn's
// quiz results, mfe-challenge's challenge results).
export type ResultRating = 'Excellent!' | 'Good Job!' | 'Keep Trying!';

/** A score (percent) of 70 or more is a success: Good Job! on a quiz, shown as a success on a challenge. */
export const SUCCESS_SCORE = 70;

/** 90 or more Excellent!, 70 or more Good Job!, else Keep Trying!. */
export function ratingFor(accuracy: number): ResultRating {
  if (accuracy >= 90) return 'Excellent!';
  if (accuracy >= SUCCESS_SCORE) return 'Good Job!';
  return 'Keep Trying!';
}

/** Whole-number percentage of correct answers among those answered; 0 when none were answered. */
export function percentage(correct: number, answered: number): number {
  if (answered <= 0) return 0;
  return Math.round((Math.min(correct, answered) / answered) * 100);
}
