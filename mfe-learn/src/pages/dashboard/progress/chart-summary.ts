/** The words of the progress charts (issue 32 §3): each chart's one-sentence text alternative and its table's cells. */
import type { StudyDays } from '@lp/contracts';
import { t } from '../../../i18n/dashboard/index.ts';

export type StudyDay = StudyDays['days'][number];

/**
 * "27 Nov" for an India calendar day (YYYY-MM-DD), in the page's language. Read from the day's text with the
 * catalogue's short months, not an Intl.DateTimeFormat: the page's first date format costs ~70 ms on a phone (ICU's
 * date data), a long task inside the chart's render that React cannot slice (issue 32 §3, TBT).
 */
export const shortDay = (day: string): string => {
  const [, month, date] = day.split('-');
  return `${Number(date)} ${t('dashboard.shortMonths').split(' ')[Number(month) - 1]}`;
};

/** The chart of questions answered and accuracy per day, in one sentence. */
export function dailySummary(days: readonly StudyDay[]): string {
  const active = days.filter((d) => d.answered > 0);
  if (active.length === 0) return t('dashboard.noAnswersInDays', { days: String(days.length) });
  const answered = active.reduce((n, d) => n + d.answered, 0);
  const correct = active.reduce((n, d) => n + d.correct, 0);
  const busiest = active.reduce((best, d) => (d.answered > best.answered ? d : best));
  return t('dashboard.dailySummary', {
    days: String(days.length),
    answered: t('dashboard.questionCount', { count: String(answered) }),
    active: t('dashboard.dayCount', { count: String(active.length) }),
    percent: String(Math.round((100 * correct) / answered)),
    busiest: shortDay(busiest.day),
    most: String(busiest.answered),
  });
}

/** A day's accuracy as the table shows it: a dash, not 0 %, on a day without answers. */
export const accuracyCell = (accuracy: number | null): string => (accuracy === null ? '–' : `${accuracy}%`);
