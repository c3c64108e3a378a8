/**
 * When each chapter is next revised (issue 31 §9), as plain functions over the progress svc-study answers: the
 * dashboard's "Due today" card, the date on each chapter card and on the quiz results all read it from here.
 */
import type { ChapterProgress, ProgressBatch, SubjectWithChapters } from '@lp/contracts';
import { formatDate } from '@lp/web-platform/format';
import { useI18n } from '@lp/web-platform/i18n';
import { en, t } from '../../i18n/dashboard/index.ts';

/** The visible legend for the stars on the chapter cards. */
export const STAR_LEGEND = en['dashboard.starLegend'];

const mastered = (p: ChapterProgress) => p.revisionStage >= 4;
const isDue = (p: ChapterProgress) => !mastered(p) && p.revisionDue;
const upcoming = (p: ChapterProgress) => !mastered(p) && !isDue(p) && p.nextRevisionAt !== null;

/** "Revision due now", "Next revision: 4 Dec 2026" or "All 3 revisions done" (the page's language); null when nothing is scheduled. */
export function nextRevisionText(progress: ChapterProgress, options: { timeZone?: string } = {}): string | null {
  if (mastered(progress)) return t('dashboard.allRevisionsDone');
  if (isDue(progress)) return t('dashboard.revisionDueNow');
  if (!upcoming(progress)) return null;
  return t('dashboard.nextRevision', { date: formatDate(progress.nextRevisionAt!, { ...options, language: useI18n.getState().language }) });
}

/** "1 of 3 revisions done": the stars in words beside them (counted as the stars are: the revision dates set). */
export const revisionsDoneText = (p: ChapterProgress) =>
  t('dashboard.revisionsDone', { count: [p.firstRevisionAt, p.secondRevisionAt, p.thirdRevisionAt].filter(Boolean).length });

export interface ChapterRef {
  id: string;
  name: string;
}

const chaptersWithProgress = (subjects: readonly SubjectWithChapters[], progress: ProgressBatch | undefined) =>
  subjects.flatMap((s) => s.chapters).flatMap((c) => {
    const p = progress?.[c.id];
    return p ? [{ chapter: { id: c.id, name: c.name }, progress: p }] : [];
  });

/** The chapters whose revision is due now, in the order they are shown. */
export function dueChapters(subjects: readonly SubjectWithChapters[], progress: ProgressBatch | undefined): ChapterRef[] {
  return chaptersWithProgress(subjects, progress).filter((c) => isDue(c.progress)).map((c) => c.chapter);
}

/** The next revision to come when none is due: the soonest date and its chapter; null when there is none. */
export function soonestRevision(subjects: readonly SubjectWithChapters[], progress: ProgressBatch | undefined): { chapter: ChapterRef; at: string } | null {
  const ahead = chaptersWithProgress(subjects, progress)
    .filter((c) => upcoming(c.progress))
    .sort((a, b) => Date.parse(a.progress.nextRevisionAt!) - Date.parse(b.progress.nextRevisionAt!));
  const first = ahead[0];
  return first ? { chapter: first.chapter, at: first.progress.nextRevisionAt! } : null;
}
