// The results screen's rating (spec §4): 90 or more Excellent!, 70 or more Good Job!, else Keep Trying!.
export type Rating = 'Excellent!' | 'Good Job!' | 'Keep Trying!';

export function ratingFor(accuracy: number): Rating {
  if (accuracy >= 90) return 'Excellent!';
  if (accuracy >= 70) return 'Good Job!';
  return 'Keep Trying!';
}

/** Whole-number percentage of correct answers; 0 when nothing was answered. */
export function percentage(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(correct, total) / total) * 100);
}
