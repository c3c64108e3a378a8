/**
 * The dashboard's exam-day forecast (issue 32 §2), beside "Due today": for each shown subject with an exam date, the
 * share of its answered questions the learner would recall that day if they stop now, and if they do each review
 * when it comes due (answered right: a best case, said so). The subject's unseen questions come from the catalogue
 * on the page (all its chapters), never counted as remembered. Nothing without an exam date or an answered question.
 */
import type { SubjectWithChapters } from '@lp/contracts';
import { formatDate } from '@lp/web-platform/format';
import { useI18n } from '@lp/web-platform/i18n';
import { useT } from '../../i18n/dashboard/index.ts';
import { percent, useRecall } from '../../api/recall.ts';
import { nameIn } from '../../i18n/names.ts';

export function ExamRecallPanel({ subjects }: { subjects: readonly SubjectWithChapters[] }) {
  const byId = new Map(subjects.map((s) => [s.id, s]));
  const exams = (useRecall().data?.examDays ?? []).filter((e) => byId.has(e.subjectId) && e.recallIfStopped !== null);
  const t = useT();
  const language = useI18n((s) => s.language);
  if (exams.length === 0) return null;
  return (
    <section className="lp-revision-panel" aria-labelledby="exam-recall-title">
      <h2 id="exam-recall-title" className="lp-revision-panel__title">{t('dashboard.examRecallTitle')}</h2>
      {exams.map((e) => {
        const subject = byId.get(e.subjectId)!;
        const unseen = Math.max(0, subject.chapters.reduce((sum, c) => sum + c.questionCount, 0) - e.reviewed);
        return (
          <p key={e.subjectId} className="lp-recall">
            <strong>{nameIn(language, subject)}</strong>, {formatDate(e.examDate, { timeZone: 'UTC', language })}:{' '}
            {t('dashboard.examRecall', { reviewed: String(e.reviewed), stopped: percent(e.recallIfStopped!), pace: percent(e.recallAtPace!) })}
            {unseen > 0 && t('dashboard.examUnseen', { count: String(unseen) })}
          </p>
        );
      })}
    </section>
  );
}
