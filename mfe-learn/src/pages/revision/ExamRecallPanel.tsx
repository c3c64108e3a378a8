/**
 * The dashboard's exam-day forecast (issue 32 §2), beside "Due today": for each shown subject with an exam date, the
 * share of its reviewed questions the learner would recall that day if they stop now, and if they do each review
 * when it comes due (answered right: a best case, said so). Nothing without an exam date or a reviewed question.
 */
import type { SubjectWithChapters } from '@lp/contracts';
import { formatDate } from '@lp/web-platform/format';
import { percent, useRecall } from '../../api/recall.ts';

export function ExamRecallPanel({ subjects }: { subjects: readonly SubjectWithChapters[] }) {
  const names = new Map(subjects.map((s) => [s.id, s.name]));
  const exams = (useRecall().data?.examDays ?? []).filter((e) => names.has(e.subjectId) && e.recallIfStopped !== null);
  if (exams.length === 0) return null;
  return (
    <section className="lp-revision-panel" aria-labelledby="exam-recall-title">
      <h2 id="exam-recall-title" className="lp-revision-panel__title">Recall on exam day</h2>
      {exams.map((e) => (
        <p key={e.subjectId}>
          <strong>{names.get(e.subjectId)}</strong>, {formatDate(e.examDate, { timeZone: 'UTC' })}: {percent(e.recallIfStopped!)} if you stop now,{' '}
          {percent(e.recallAtPace!)} if you do each review on its day and get it right. Of {e.reviewed} reviewed
          {e.unseen > 0 && `; ${e.unseen} not seen yet`}.
        </p>
      ))}
    </section>
  );
}
