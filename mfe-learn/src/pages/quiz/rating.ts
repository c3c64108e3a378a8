/** The results screen's numbers (spec §4 "Result rating", §9 "Time shown as minutes and seconds"). */

export type ResultRating = 'Excellent!' | 'Good Job!' | 'Keep Trying!';

/** 90 or more Excellent!, 70 or more Good Job!, else Keep Trying!. */
export function ratingFor(accuracy: number): ResultRating {
  if (accuracy >= 90) return 'Excellent!';
  if (accuracy >= 70) return 'Good Job!';
  return 'Keep Trying!';
}

/** Whole-number percentage of correct answers among those answered; 0 when none were answered. */
export function accuracyOf(correct: number, answered: number): number {
  if (answered <= 0) return 0;
  return Math.round((Math.min(correct, answered) / answered) * 100);
}

/** "2m 05s", "45s": minutes and seconds. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes}m ${String(rest).padStart(2, '0')}s` : `${rest}s`;
}

/** "2 minutes 5 seconds": the same time spelled out for screen readers. */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return minutes > 0 ? `${plural(minutes, 'minute')} ${plural(rest, 'second')}` : plural(rest, 'second');
}
