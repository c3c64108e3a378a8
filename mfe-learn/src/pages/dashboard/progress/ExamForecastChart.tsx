/**
 * Recall on exam day (issue 32 §3), for a subject with an exam date: the subject and each begun chapter, at the
 * current pace (each review done on its day and answered right: a best case, the words say so) beside what is left
 * if the learner stops now (hatched). Questions not seen yet are counted apart.
 */
import type { SubjectWithChapters } from '@lp/contracts';
import { ChartFrame } from './ChartFrame.tsx';
import { ShareBars } from './ShareBars.tsx';
import { forecastSummary, forecastTitle, shareCell, type ExamDay } from './recall-summary.ts';
import { reviewedNote } from './RecallTodayChart.tsx';
import { useNameIn } from '../../../i18n/names.ts';
import { useT } from '../../../i18n/recall/index.ts';

export function ExamForecastChart({ subject, exam }: { subject: SubjectWithChapters; exam: ExamDay }) {
  const t = useT();
  const nameOf = useNameIn();
  const subjectName = nameOf(subject);
  const names = new Map(subject.chapters.map((c) => [c.id, nameOf(c)]));
  const chapterName = (id: string) => names.get(id) ?? t('recall.chapterGone');
  // The catalogue knows the chapters not begun, which the forecast does not (issue 32 §2: the panel counts the same).
  const unseen = Math.max(0, subject.chapters.reduce((n, c) => n + c.questionCount, 0) - exam.reviewed);
  const chapters = exam.chapters.filter((c) => c.recallAtPace !== null && c.recallIfStopped !== null);
  const rows = [
    { key: 'subject', label: t('recall.allOf', { name: subjectName }), reviewed: exam.reviewed, unseen, pace: exam.recallAtPace!, stop: exam.recallIfStopped!, total: true },
    ...chapters.map((c) => ({ key: c.chapterId, label: chapterName(c.chapterId), reviewed: c.reviewed, unseen: c.unseen, pace: c.recallAtPace!, stop: c.recallIfStopped!, total: false })),
  ];
  return (
    <ChartFrame
      title={forecastTitle(subjectName, exam.examDate)}
      summary={forecastSummary(subjectName, exam, unseen, chapterName)}
      table={{
        columns: [t('recall.chapter'), t('recall.atPace'), t('recall.ifStop'), t('recall.reviewedColumn'), t('recall.unseenColumn')],
        rows: rows.map((r) => ({ key: r.key, cells: [r.label, shareCell(r.pace), shareCell(r.stop), r.reviewed, r.unseen] })),
      }}
    >
      <ShareBars
        rows={rows.map((r) => ({
          key: r.key,
          label: r.label,
          note: reviewedNote(r.reviewed, r.unseen),
          total: r.total,
          bars: [{ kind: 'pace' as const, name: t('recall.pace'), share: r.pace }, { kind: 'stop' as const, name: t('recall.stop'), share: r.stop }],
        }))}
      />
      <p className="lp-chart__legend">
        <span className="lp-share-key lp-share-key--pace" /> {t('recall.paceLegend')}{' '}
        <span className="lp-share-key lp-share-key--stop" /> {t('recall.stopLegend')}
      </p>
    </ChartFrame>
  );
}

/** The subject's forecast when it has an exam date and an answered question. */
export const forecastFor = (subject: SubjectWithChapters, examDays: readonly ExamDay[]) =>
  examDays.find((e) => e.subjectId === subject.id && e.recallAtPace !== null && e.recallIfStopped !== null);
