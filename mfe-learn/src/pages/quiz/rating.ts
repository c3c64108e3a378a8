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

/** The same time spelled out for screen readers: one text on every screen. */
export { spokenDuration } from '@lp/question-rules/duration';
