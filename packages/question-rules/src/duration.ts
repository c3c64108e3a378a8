// How a time is said (spec §9 "Time shown as minutes and seconds"): one text for every screen reader label
// (mfe-learn's quiz results, mfe-challenge's timer and results), minutes and seconds both, as the screens show them.

/** How a count of minutes and of seconds is said: English by default, a page's catalogue in another language. */
export interface DurationWords {
  minutes(count: number): string;
  seconds(count: number): string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const ENGLISH: DurationWords = { minutes: (n) => plural(n, 'minute'), seconds: (n) => plural(n, 'second') };

/**
 * "2 minutes 5 seconds", "1 minute 0 seconds", "45 seconds": whole seconds, never negative. `words` says the units
 * in the page's language ("2 मिनट 5 सेकंड").
 */
export function spokenDuration(totalSeconds: number, words: DurationWords = ENGLISH): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = words.seconds(seconds % 60);
  return minutes > 0 ? `${words.minutes(minutes)} ${rest}` : rest;
}
