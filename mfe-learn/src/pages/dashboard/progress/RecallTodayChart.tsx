/**
 * Recall today per chapter of one subject (issue 32 §3): a bar per begun chapter (the predicted share of its answered
 * questions the learner would get right today); unseen questions are counted beside it, never in the bar, and a
 * chapter not begun says so instead of showing 0 %.
 */
import type { RecallForecast, SubjectWithChapters } from '@lp/contracts';
import { ChartFrame } from './ChartFrame.tsx';
import { ShareBars, type ShareBarRow } from './ShareBars.tsx';
import { chapterRecallRows, recallTodaySummary, shareCell, type ChapterRecallRow } from './recall-summary.ts';
import { nameIn } from '../../../i18n/names.ts';
import { t, useT } from '../../../i18n/recall/index.ts';
import { useI18n } from '@lp/web-platform/i18n';

export const recallTodayTitle = (subjectName: string) => t('recall.todayTitle', { name: subjectName });

/** "12 reviewed · 3 not seen yet": the note beside a bar. */
export const reviewedNote = (reviewed: number, unseen: number) =>
  t('recall.reviewed', { count: String(reviewed) }) + (unseen > 0 ? t('recall.unseenSuffix', { count: String(unseen) }) : '');

/**
 * A bar per begun chapter; the chapters not begun are one line below them (a subject has a dozen or more: a phone
 * should not scroll past a dozen empty bars), named in the table.
 */
function pictureRows(rows: readonly ChapterRecallRow[]): ShareBarRow[] {
  const begun = rows.filter((r) => r.recallToday !== null);
  const notBegun = rows.filter((r) => r.recallToday === null);
  return [
    ...begun.map((r) => ({
      key: r.chapterId,
      label: r.name,
      note: reviewedNote(r.reviewed, r.unseen),
      bars: [{ kind: 'today' as const, share: r.recallToday! }],
    })),
    ...(notBegun.length > 0 ? [{
      key: 'not-begun',
      label: notBegun.length === 1 ? t('recall.oneNotBegun', { name: notBegun[0]!.name }) : t('recall.chaptersNotBegun', { count: String(notBegun.length) }),
      note: t('recall.unseen', { count: String(notBegun.reduce((n, r) => n + r.unseen, 0)) }),
      empty: t('recall.nothingAnswered'),
      bars: [],
    }] : []),
  ];
}

export function RecallTodayChart({ subject, recall }: { subject: SubjectWithChapters; recall: RecallForecast }) {
  const rows = chapterRecallRows(subject, recall);
  const tr = useT(); // re-renders when the language or its catalogue changes
  const name = nameIn(useI18n((s) => s.language), subject);
  return (
    <ChartFrame
      title={recallTodayTitle(name)}
      summary={recallTodaySummary(name, rows)}
      table={{
        columns: [tr('recall.chapter'), tr('recall.today'), tr('recall.reviewedColumn'), tr('recall.unseenColumn')],
        rows: rows.map((r) => ({ key: r.chapterId, cells: [r.name, shareCell(r.recallToday), r.reviewed, r.unseen] })),
      }}
    >
      <ShareBars rows={pictureRows(rows)} />
    </ChartFrame>
  );
}

/** Whether the subject has a chapter with an answered question (else the chart's place says how to get one). */
export const hasRecall = (subject: SubjectWithChapters, recall: RecallForecast) =>
  recall.chapters.some((c) => c.subjectId === subject.id && c.recallToday !== null);
