/**
 * The CBSE board's published exam dates, the default a student is offered for a subject's exam date (issue 32 §1).
 *
 * Source: CBSE, "Date Sheet for Board Examinations 2026, Class XII" (final date sheet released on 30 October 2025,
 * cbse.gov.in), as reported subject by subject by Careers360 and Jagran Josh. Only dates read the same in those
 * reports are here; a subject without a date the board has published (Class 10's papers, Class 11, which has no
 * board exam) has no default rather than a guess. Keys are the class and the subject's name as the catalogue spells
 * them. Update this file when the board publishes the next date sheet.
 */
import type { ClassName } from '@lp/contracts';

/** In English; the page says it through its catalogue (`exam.sheet`). */
export const BOARD_DATE_SHEET = 'CBSE date sheet 2026';

export const BOARD_EXAM_DATES: Partial<Record<ClassName, Readonly<Record<string, string>>>> = {
  'CBSE Class 12': {
    Physics: '2026-02-20',
    Chemistry: '2026-02-28',
    Mathematics: '2026-03-09',
    English: '2026-03-12',
    Hindi: '2026-03-16',
    'Computer Science': '2026-03-25',
    Biology: '2026-03-27',
  },
};

/** The board's date for a subject, if it published one (any day, past ones included: the page says so). */
export function boardExamDate(className: ClassName, subjectName: string): string | null {
  return BOARD_EXAM_DATES[className]?.[subjectName] ?? null;
}
