/** "1:05" for 65 seconds; screen readers hear `spokenDuration` ("1 minute 5 seconds"), the one text of every screen. */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
export { spokenDuration } from '@lp/question-rules/duration';
/** "27 Nov 2026": the one date format of every page. */
export { formatDate as dateText } from '@lp/web-platform/format';
