/**
 * The words and rows of the recall charts (issue 32 §3): recall today per chapter of a subject, and the exam-day
 * forecast. Pure: the charts draw these rows, the sentences are their text alternatives, the tables their cells.
 * Unseen questions are counted apart and never enter a share (issue 32 §2).
 */
import type { RecallForecast, SubjectWithChapters } from '@lp/contracts';
import { formatDate } from '@lp/web-platform/format';
import { useI18n } from '@lp/web-platform/i18n';
import { percent } from '../../../api/recall.ts';
import { nameNow } from '../../../i18n/names.ts';
import { t } from '../../../i18n/recall/index.ts';

export type ExamDay = RecallForecast['examDays'][number];

const questionsOf = (count: number, subject: string) => t('recall.subjectQuestions', { count: String(count), subject });
const questions = (count: number) => t('recall.questions', { count: String(count) });
const examDateText = (examDate: string) => formatDate(examDate, { timeZone: 'UTC', language: useI18n.getState().language });

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
        ? { chapterId: c.id, name: nameNow(c), recallToday: r.recallToday, reviewed: r.reviewed, unseen: r.unseen }
        : { chapterId: c.id, name: nameNow(c), recallToday: null, reviewed: 0, unseen: c.questionCount };
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
    ? t('recall.allIn', { name: lowest.name })
    : t('recall.fromTo', { low: percent(lowest.recallToday!), lowName: lowest.name, high: percent(highest.recallToday!), highName: highest.name });
  return t('recall.todaySummary', { percent: percent(weightedRecall(begun)), questions: questionsOf(reviewed, subjectName), where, unseen: questions(unseen) });
}

/** The exam-day chart's title: the subject and the date. */
export const forecastTitle = (subjectName: string, examDate: string) =>
  t('recall.examTitleFor', { name: subjectName, date: examDateText(examDate) });

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
  return t('recall.forecastSummary', {
    date: examDateText(exam.examDate),
    pace: percent(exam.recallAtPace!),
    questions: questionsOf(exam.reviewed, subjectName),
    stop: percent(exam.recallIfStopped!),
    risk: atRisk ? t('recall.forecastRisk', { name: chapterName(atRisk.chapterId), pace: percent(atRisk.recallAtPace!), stop: percent(atRisk.recallIfStopped!) }) : '',
    unseen: questions(unseen),
  });
}

/** A share as a table cell: a dash where nothing was answered, never 0 %. */
export const shareCell = (share: number | null): string => (share === null ? '–' : percent(share));
