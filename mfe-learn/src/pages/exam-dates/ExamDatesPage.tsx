import { useState } from 'react';
import type { ClassName, SubjectWithChapters } from '@lp/contracts';
import { Button, ErrorState, PageFrame, Skeleton } from '@lp/ui';
import { errorMessageOf, useSearchParams } from '@lp/web-platform';
import { heading } from '@lp/web-platform/heading';
// Only these small modules: sharing the dashboard's (api/index.ts, @lp/contracts at run time, dashboard.css) made the
// bundler split them into a chunk of their own, which cost the dashboard's first load ~0.8 KiB.
import { useClassSubjects, useExamDates, useReviewSchedule, useSetExamDate } from '../../api/exam-dates.ts';
import { BOARD_DATE_SHEET, boardExamDate } from './board-exam-dates.ts';
import './exam-dates.css';

const CLASSES = ['CBSE Class 10', 'CBSE Class 11', 'CBSE Class 12'] as const satisfies readonly ClassName[];

/** Today in India, YYYY-MM-DD (the server's days are India days). */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Fri 27 Mar 2026": the same in every browser (locale formats differ in their commas). */
const longDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
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

  return (
    <PageFrame
      title={heading('Exam dates')}
      subtitle="Set the day of each exam: reviews are planned so you see every question once more just before it."
      width="narrow"
    >
      {subjects.isPending || saved.isPending ? (
        <Skeleton height="8rem" />
      ) : subjects.isError || saved.isError ? (
        <ErrorState title="Could not load your exam dates" message={errorMessageOf(subjects.error ?? saved.error)} onRetry={() => { void subjects.refetch(); void saved.refetch(); }} />
      ) : (
        <ul className="lp-exam-date-list" aria-label={`${className} subjects`}>
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
  const inputId = `exam-date-${subject.id}`;
  const noteId = `${inputId}-note`;
  return (
    <form
      className="lp-exam-date"
      onSubmit={(e) => { e.preventDefault(); save.mutate({ subjectId: subject.id, examDate: value || null }); }}
    >
      <label htmlFor={inputId}>{subject.name} exam date</label>
      <input id={inputId} type="date" min={today} value={value} aria-describedby={noteId} onChange={(e) => setValue(e.target.value)} />
      <Button type="submit" size="sm" variant="primary" disabled={save.isPending || (value || null) === saved}>Save</Button>
      <p id={noteId} className="lp-muted">
        {saved ? `Saved: ${longDay(saved)}.` : 'Not set yet.'}{' '}
        {board ? `${BOARD_DATE_SHEET}: ${longDay(board)}${board < today ? ' (passed)' : ''}.` : `No board date known for ${subject.name}.`}
      </p>
      {save.isError && <p role="alert" className="lp-exam-date-error">{errorMessageOf(save.error)}</p>}
      {save.isSuccess && <p role="status">Saved. Questions you answer from now on aim at this date.</p>}
    </form>
  );
}

function ReviewSchedule() {
  const schedule = useReviewSchedule();
  if (!schedule.data) return null;
  return (
    <section aria-labelledby="review-schedule-heading">
      <h2 id="review-schedule-heading">Your reviews, the next 14 days</h2>
      <table className="lp-review-schedule">
        <thead><tr><th scope="col">Day</th><th scope="col">Reviews due</th></tr></thead>
        <tbody>
          {schedule.data.days.map((d) => (
            <tr key={d.day} data-day={d.day}><td>{longDay(d.day)}</td><td>{d.due}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
