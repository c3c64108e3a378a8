// How a time is said (spec §9 "Time shown as minutes and seconds"): one text for every screen reader label
// (mfe-learn's quiz results, mfe-challenge's timer and results), minutes and seconds both, as the screens show them.

/** "2 minutes 5 seconds", "1 minute 0 seconds", "45 seconds": whole seconds, never negative. */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return minutes > 0 ? `${plural(minutes, 'minute')} ${plural(rest, 'second')}` : plural(rest, 'second');
}
