// Exam dates the learner sets per subject (issue 32 §1): a real calendar day, today or later (a past exam has nothing
// left to aim at; clearing it is a null).
import { istDay } from './days';

export const EXAM_DATE_NOT_A_DAY = 'examDate is not a calendar day';
export const EXAM_DATE_PASSED = 'examDate has passed: choose today or a later day';

/** Why `day` cannot be an exam date at `now`, or null when it can. */
export function examDateProblem(day: string, now: Date): string | null {
  const parsed = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) return EXAM_DATE_NOT_A_DAY;
  return day < istDay(now) ? EXAM_DATE_PASSED : null;
}

/** The exam dates as the API lists them, by subject id. */
export const examDateList = (examDays: Record<string, string>) =>
  Object.entries(examDays).sort(([, a], [, b]) => a.localeCompare(b)).map(([subjectId, examDate]) => ({ subjectId, examDate }));
