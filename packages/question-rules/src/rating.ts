// The results screen's rating and score percentage (spec §4 "Result rating"): one rule for the server that
// records a score (svc-study) and the runner that shows it (mfe-learn).
export type ResultRating = 'Excellent!' | 'Good Job!' | 'Keep Trying!';

/** 90 or more Excellent!, 70 or more Good Job!, else Keep Trying!. */
export function ratingFor(accuracy: number): ResultRating {
  if (accuracy >= 90) return 'Excellent!';
  if (accuracy >= 70) return 'Good Job!';
  return 'Keep Trying!';
}

/** Whole-number percentage of correct answers among those answered; 0 when none were answered. */
export function percentage(correct: number, answered: number): number {
  if (answered <= 0) return 0;
  return Math.round((Math.min(correct, answered) / answered) * 100);
}
