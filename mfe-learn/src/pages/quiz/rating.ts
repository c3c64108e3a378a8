/** The results screen's numbers (spec §4 "Result rating", §9 "Time shown as minutes and seconds"). */
// The rating and the percentage are the server's rule too: one copy, in @lp/question-rules.
export { percentage as accuracyOf, ratingFor, type ResultRating } from '@lp/question-rules/rating';

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
