/**
 * The words and rows of the recall charts (issue 32 §3): recall today per chapter of a subject, and the exam-day
 * forecast. Pure: the charts draw these rows, the sentences are their text alternatives, the tables their cells.
 * Unseen questions are counted apart and never enter a share (issue 32 §2).
 */
import type { RecallForecast, SubjectWithChapters } from '@lp/contracts';
import { formatDate } from '@lp/web-platform/format';
import { percent } from '../../../api/recall.ts';

export type ExamDay = RecallForecast['examDays'][number];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A chapter as the recall-today chart shows it: its share today (null when not begun), reviewed and unseen questions. */
export interface ChapterRecallRow {
  chapterId: string;
  name: string;
  recallToday: number | null;
  reviewed: number;
  unseen: number;
}

/** Every chapter of the subject with questions, in the catalogue's order; a chapter not begun has all its questions unseen. */
export function chapterRecallRows(subject: SubjectWithChapters, recall: RecallForecast): ChapterRecallRow[] {
  const byChapter = new Map(recall.chapters.map((c) => [c.chapterId, c]));
  return subject.chapters
    .filter((c) => c.questionCount > 0)
    .map((c) => {
      const r = byChapter.get(c.id);
      return r && r.recallToday !== null
        ? { chapterId: c.id, name: c.name, recallToday: r.recallToday, reviewed: r.reviewed, unseen: r.unseen }
        : { chapterId: c.id, name: c.name, recallToday: null, reviewed: 0, unseen: c.questionCount };
    });
}

/** The share of all the subject's reviewed questions (each chapter weighted by its reviewed questions). */
const weightedRecall = (rows: readonly ChapterRecallRow[]) => {
  const reviewed = rows.reduce((n, r) => n + r.reviewed, 0);
  return rows.reduce((sum, r) => sum + (r.recallToday ?? 0) * r.reviewed, 0) / reviewed;
};

/** The recall-today chart in one sentence; the rows must include a begun chapter. */
export function recallTodaySummary(subjectName: string, rows: readonly ChapterRecallRow[]): string {
  const begun = rows.filter((r) => r.recallToday !== null);
  const reviewed = begun.reduce((n, r) => n + r.reviewed, 0);
  const unseen = rows.reduce((n, r) => n + r.unseen, 0);
  const lowest = begun.reduce((a, b) => (b.recallToday! < a.recallToday! ? b : a));
  const highest = begun.reduce((a, b) => (b.recallToday! > a.recallToday! ? b : a));
  const where = begun.length === 1
    ? `all in ${lowest.name}`
    : `from ${percent(lowest.recallToday!)} in ${lowest.name} to ${percent(highest.recallToday!)} in ${highest.name}`;
  return `Today you would recall ${percent(weightedRecall(begun))} of the ${plural(reviewed, `${subjectName} question`, `${subjectName} questions`)} ` +
    `you have answered, ${where}; ${plural(unseen, 'question', 'questions')} not seen yet.`;
}

/** The exam-day chart's title: the subject and the date. */
export const forecastTitle = (subjectName: string, examDate: string) =>
  `Recall on exam day: ${subjectName}, ${formatDate(examDate, { timeZone: 'UTC' })}`;

/**
 * The exam-day chart in one sentence: at the current pace (each review on its day, answered right: a best case, said
 * so) and if the learner stops; the chapter that loses the most if they stop. `unseen` is the subject's, from the
 * catalogue (chapters not begun too).
 */
export function forecastSummary(subjectName: string, exam: ExamDay, unseen: number, chapterName: (id: string) => string): string {
  const scored = exam.chapters.filter((c) => c.recallAtPace !== null && c.recallIfStopped !== null);
  const atRisk = scored.length > 1
    ? scored.reduce((a, b) => (b.recallAtPace! - b.recallIfStopped! > a.recallAtPace! - a.recallIfStopped! ? b : a))
    : undefined;
  return `On ${formatDate(exam.examDate, { timeZone: 'UTC' })} you would recall ${percent(exam.recallAtPace!)} of the ` +
    `${plural(exam.reviewed, `${subjectName} question`, `${subjectName} questions`)} you have answered if you do each review on its day and get it right, ` +
    `${percent(exam.recallIfStopped!)} if you stop now` +
    (atRisk ? `; stopping costs the most in ${chapterName(atRisk.chapterId)} (${percent(atRisk.recallAtPace!)} to ${percent(atRisk.recallIfStopped!)})` : '') +
    `; ${plural(unseen, 'question', 'questions')} not seen yet.`;
}

/** A share as a table cell: a dash where nothing was answered, never 0 %. */
export const shareCell = (share: number | null): string => (share === null ? '–' : percent(share));
