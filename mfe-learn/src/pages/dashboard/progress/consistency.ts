// The consistency window's words, beside the streak (issue 32 §3): in the dashboard's first chunk, apart from the charts.
import type { StudyDays } from '@lp/contracts';
import { t } from '../../../i18n/dashboard/index.ts';

/** "Studied 18 of the last 30 days": beside the streak, which a missed day resets while this loses one day. */
export const consistencyLine = ({ daysStudied, windowDays }: Pick<StudyDays, 'daysStudied' | 'windowDays'>): string =>
  t('dashboard.consistency', { days: String(daysStudied), count: String(windowDays) });
