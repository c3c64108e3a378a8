/** The words of the progress charts (issue 32 §3): each chart's one-sentence text alternative and its table's cells. */
import type { StudyDays } from '@lp/contracts';

export type StudyDay = StudyDays['days'][number];

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "27 Nov" for an India calendar day (YYYY-MM-DD). */
export const shortDay = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The chart of questions answered and accuracy per day, in one sentence. */
export function dailySummary(days: readonly StudyDay[]): string {
  const active = days.filter((d) => d.answered > 0);
  if (active.length === 0) return `You answered no questions in the last ${days.length} days.`;
  const answered = active.reduce((n, d) => n + d.answered, 0);
  const correct = active.reduce((n, d) => n + d.correct, 0);
  const busiest = active.reduce((best, d) => (d.answered > best.answered ? d : best));
  return `In the last ${days.length} days you answered ${plural(answered, 'question', 'questions')} on ${plural(active.length, 'day', 'days')}, ` +
    `${Math.round((100 * correct) / answered)}% of them right; the most on ${shortDay(busiest.day)} (${busiest.answered}).`;
}

/** A day's accuracy as the table shows it: a dash, not 0 %, on a day without answers. */
export const accuracyCell = (accuracy: number | null): string => (accuracy === null ? '–' : `${accuracy}%`);
