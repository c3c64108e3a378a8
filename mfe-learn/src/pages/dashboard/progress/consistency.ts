// The consistency window's words, beside the streak (issue 32 §3): in the dashboard's first chunk, apart from the charts.
import type { StudyDays } from '@lp/contracts';

/** "Studied 18 of the last 30 days": beside the streak, which a missed day resets while this loses one day. */
export const consistencyLine = ({ daysStudied, windowDays }: Pick<StudyDays, 'daysStudied' | 'windowDays'>): string =>
  `Studied ${daysStudied} of the last ${windowDays} ${windowDays === 1 ? 'day' : 'days'}`;
