/**
 * Recall today per chapter of one subject (issue 32 §3): a bar per begun chapter (the predicted share of its answered
 * questions the learner would get right today); unseen questions are counted beside it, never in the bar, and a
 * chapter not begun says so instead of showing 0 %.
 */
import type { RecallForecast, SubjectWithChapters } from '@lp/contracts';
import { ChartFrame } from './ChartFrame.tsx';
import { ShareBars, type ShareBarRow } from './ShareBars.tsx';
import { chapterRecallRows, recallTodaySummary, shareCell, type ChapterRecallRow } from './recall-summary.ts';

export const recallTodayTitle = (subjectName: string) => `Recall today per chapter: ${subjectName}`;

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
      note: `${r.reviewed} reviewed${r.unseen > 0 ? ` · ${r.unseen} not seen yet` : ''}`,
      bars: [{ kind: 'today' as const, share: r.recallToday! }],
    })),
    ...(notBegun.length > 0 ? [{
      key: 'not-begun',
      label: notBegun.length === 1 ? `${notBegun[0]!.name}: not begun` : `${notBegun.length} chapters not begun`,
      note: `${notBegun.reduce((n, r) => n + r.unseen, 0)} not seen yet`,
      empty: 'Nothing answered yet, so nothing counted as remembered',
      bars: [],
    }] : []),
  ];
}

export function RecallTodayChart({ subject, recall }: { subject: SubjectWithChapters; recall: RecallForecast }) {
  const rows = chapterRecallRows(subject, recall);
  return (
    <ChartFrame
      title={recallTodayTitle(subject.name)}
      summary={recallTodaySummary(subject.name, rows)}
      table={{
        columns: ['Chapter', 'Recall today', 'Reviewed', 'Not seen yet'],
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
