import { spokenDuration } from '@lp/question-rules/duration';
import { useT } from '../i18n/index.ts';

/** "1:05" for 65 seconds; screen readers hear `useSpokenDuration()`'s text ("1 minute 5 seconds"). */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * A time spelled out for screen readers in the page's language ("1 minute 5 seconds", "1 मिनट 5 सेकंड"): the link's
 * catalogue (loaded with the first screen) says the units, so every challenge screen speaks them alike.
 */
export function useSpokenDuration(): (seconds: number) => string {
  const t = useT();
  return (seconds) => spokenDuration(seconds, { minutes: (count) => t('time.minutes', { count }), seconds: (count) => t('time.seconds', { count }) });
}
/** "27 Nov 2026": the one date format of every page. */
export { formatDate as dateText } from '@lp/web-platform/format';
