// The last 30 India days at a glance (issue 32 §3): questions answered and accuracy per day, and the consistency
// window, days studied out of the last 30. Unlike the streak, a missed day costs one day of the window, not the
// whole run. Pure: the learner document keeps the counts per day (`dailyAnswers`, only the recent ones) and the
// days studied (`activeDays`); this reads them.
import { istDay, previousDay } from './days';

/** Counted answers of one India day and how many were right. */
export interface DayCounts {
  answered: number;
  correct: number;
}

/** How many days the dashboard looks back over, today included. */
export const STUDY_WINDOW_DAYS = 30;

/** Per-day counts older than this are dropped when the document is written: the window never reads them. */
const DAILY_COUNTS_KEPT = STUDY_WINDOW_DAYS + 5;

/** The `count` India days ending today, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const days = [istDay(now)];
  while (days.length < count) days.unshift(previousDay(days[0]!));
  return days;
}

/** The per-day counts after counted answers at these instants, keeping only the recent days. */
export function dailyCountsAfter(daily: Readonly<Record<string, DayCounts>>, answers: ReadonlyArray<{ at: Date; isCorrect: boolean }>): Record<string, DayCounts> {
  const next: Record<string, DayCounts> = { ...daily };
  let newest = '';
  for (const a of answers) {
    const day = istDay(a.at);
    const known = next[day] ?? { answered: 0, correct: 0 };
    next[day] = { answered: known.answered + 1, correct: known.correct + (a.isCorrect ? 1 : 0) };
    if (day > newest) newest = day;
  }
  if (!newest) return next;
  const oldestKept = lastDays(new Date(`${newest}T00:00:00+05:30`), DAILY_COUNTS_KEPT)[0]!;
  for (const day of Object.keys(next)) if (day < oldestKept) delete next[day];
  return next;
}

export interface StudyDay extends DayCounts {
  day: string;
  /** Right answers as a whole percentage; null on a day without answers (no accuracy, not 0 %). */
  accuracy: number | null;
}

export interface StudyWindow {
  days: StudyDay[];
  /** Days of the window with a counted answer or a completed quiz. */
  daysStudied: number;
  windowDays: number;
}

export function studyWindow(activeDays: Iterable<string>, daily: Readonly<Record<string, DayCounts>>, now: Date): StudyWindow {
  const studied = new Set(activeDays);
  const window = lastDays(now, STUDY_WINDOW_DAYS);
  return {
    days: window.map((day) => {
      const { answered, correct } = daily[day] ?? { answered: 0, correct: 0 };
      return { day, answered, correct, accuracy: answered > 0 ? Math.round((100 * correct) / answered) : null };
    }),
    daysStudied: window.filter((day) => studied.has(day)).length,
    windowDays: STUDY_WINDOW_DAYS,
  };
}
