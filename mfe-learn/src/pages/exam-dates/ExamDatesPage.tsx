import { useState } from 'react';
import type { ClassName, SubjectWithChapters } from '@lp/contracts';
import { Button, ErrorState, PageFrame, Skeleton } from '@lp/ui';
import { useSearchParams } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { heading } from '@lp/web-platform/heading';
import { localeOf, useI18n, type Language } from '@lp/web-platform/i18n';
import { useT } from '../../i18n/pages/index.ts';
// Only these small modules: sharing the dashboard's (api/index.ts, @lp/contracts at run time, dashboard.css) made the
// bundler split them into a chunk of their own, which cost the dashboard's first load ~0.8 KiB.
import { useClassSubjects, useExamDates, useReviewSchedule, useSetExamDate } from '../../api/exam-dates.ts';
import { boardExamDate } from './board-exam-dates.ts';
import './exam-dates.css';
import { nameIn, useClassNameIn } from '../../i18n/names.ts';

const CLASSES = ['CBSE Class 10', 'CBSE Class 11', 'CBSE Class 12'] as const satisfies readonly ClassName[];

/** Today in India, YYYY-MM-DD (the server's days are India days). */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Fri 27 Mar 2026": the same in every browser (locale formats differ in their commas); Hindi as Intl writes it. */
const longDay = (day: string, language: Language) => {
  const d = new Date(`${day}T00:00:00Z`);
  if (language !== 'en') {
    return new Intl.DateTimeFormat(localeOf(language), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
  }
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

/** /exam-dates: the student's exam date per subject (issue 32 §1) and the reviews the schedule plans, day by day. */
export function ExamDatesPage() {
  const params = useSearchParams();
  const asked = params.get('class');
  const className: ClassName = (CLASSES as readonly string[]).includes(asked ?? '') ? (asked as ClassName) : 'CBSE Class 12';
  const subjects = useClassSubjects(className);
  const saved = useExamDates();
  const list = (subjects.data ?? []).filter((s) => !s.comingSoon);
  const t = useT();
  const classOf = useClassNameIn();

  return (
    <PageFrame
      title={heading(t('exam.title'))}
      subtitle={t('exam.subtitle')}
      width="narrow"
    >
      {subjects.isPending || saved.isPending ? (
        <Skeleton height="8rem" />
      ) : subjects.isError || saved.isError ? (
        <ErrorState title={t('exam.loadFailed')} message={errorTextOf(subjects.error ?? saved.error)} onRetry={() => { void subjects.refetch(); void saved.refetch(); }} />
      ) : (
        <ul className="lp-exam-date-list" aria-label={t('exam.subjects', { className: classOf(className) })}>
          {list.map((subject) => (
            <li key={subject.id}>
              <ExamDateRow subject={subject} className={className} saved={saved.data.examDates.find((d) => d.subjectId === subject.id)?.examDate ?? null} />
            </li>
          ))}
        </ul>
      )}
      <ReviewSchedule />
    </PageFrame>
  );
}

function ExamDateRow({ subject, className, saved }: { subject: SubjectWithChapters; className: ClassName; saved: string | null }) {
  const today = indiaToday();
  const board = boardExamDate(className, subject.name);
  const [value, setValue] = useState(saved ?? (board && board >= today ? board : ''));
  const save = useSetExamDate();
  const t = useT();
  const language = useI18n((s) => s.language);
  const inputId = `exam-date-${subject.id}`;
  const noteId = `${inputId}-note`;
  return (
    <form
      className="lp-exam-date"
      onSubmit={(e) => { e.preventDefault(); save.mutate({ subjectId: subject.id, examDate: value || null }); }}
    >
      <label htmlFor={inputId}>{t('exam.label', { name: nameIn(language, subject) })}</label>
      <input id={inputId} type="date" min={today} value={value} aria-describedby={noteId} onChange={(e) => setValue(e.target.value)} />
      <Button type="submit" size="sm" variant="primary" disabled={save.isPending || (value || null) === saved}>{t('exam.save')}</Button>
      <p id={noteId} className="lp-muted">
        {saved ? t('exam.saved', { date: longDay(saved, language) }) : t('exam.notSet')}{' '}
        {board
          ? t(board < today ? 'exam.boardPassed' : 'exam.board', { sheet: t('exam.sheet'), date: longDay(board, language) })
          : t('exam.noBoard', { name: nameIn(language, subject) })}
      </p>
      {save.isError && <p role="alert" className="lp-exam-date-error">{errorTextOf(save.error)}</p>}
      {save.isSuccess && <p role="status">{t('exam.savedNote')}</p>}
    </form>
  );
}

function ReviewSchedule() {
  const schedule = useReviewSchedule();
  const t = useT();
  const language = useI18n((s) => s.language);
  if (!schedule.data) return null;
  return (
    <section aria-labelledby="review-schedule-heading">
      <h2 id="review-schedule-heading">{t('exam.schedule')}</h2>
      <table className="lp-review-schedule">
        <thead><tr><th scope="col">{t('exam.day')}</th><th scope="col">{t('exam.due')}</th></tr></thead>
        <tbody>
          {schedule.data.days.map((d) => (
            <tr key={d.day} data-day={d.day}><td>{longDay(d.day, language)}</td><td>{d.due}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
