/**
 * The recall charts of the shown subjects (issue 32 §3): recall today per chapter, and the exam-day forecast, each
 * with an empty state that says what to do (answer a quiz; set the exam date) rather than a blank or a 0 %.
 */
import type { ReactNode } from 'react';
import type { SubjectWithChapters } from '@lp/contracts';
import { Button, Skeleton } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { useRecall } from '../../../api/recall.ts';
import { ExamForecastChart, forecastFor } from './ExamForecastChart.tsx';
import { RecallTodayChart, hasRecall, recallTodayTitle } from './RecallTodayChart.tsx';

export const ANSWER_TO_SEE_RECALL = 'Answer a quiz in this subject to see your recall';

function EmptyChart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="lp-chart lp-chart--empty">
      <h3 className="lp-chart__title">{title}</h3>
      <p className="lp-chart__empty">{children}</p>
    </div>
  );
}

export function RecallCharts({ subjects, className }: { subjects: readonly SubjectWithChapters[]; className: string | null }) {
  const recall = useRecall();
  if (recall.isPending) return <Skeleton height="12rem" />;
  if (recall.isError) {
    return (
      <p className="lp-inline-error" role="alert">
        Could not load your recall.{' '}
        <Button variant="link" size="sm" onClick={() => void recall.refetch()}>
          Retry
        </Button>
      </p>
    );
  }
  const withRecall = subjects.filter((s) => hasRecall(s, recall.data));
  const forecasts = subjects.flatMap((s) => {
    const exam = forecastFor(s, recall.data.examDays);
    return exam ? [{ subject: s, exam }] : [];
  });
  const dated = recall.data.examDays.some((e) => subjects.some((s) => s.id === e.subjectId));
  const one = subjects.length === 1 ? subjects[0] : undefined;
  return (
    <>
      {withRecall.map((s) => <RecallTodayChart key={s.id} subject={s} recall={recall.data} />)}
      {withRecall.length === 0 && (
        <EmptyChart title={one ? recallTodayTitle(one.name) : 'Recall today per chapter'}>
          {one ? ANSWER_TO_SEE_RECALL : 'Answer a quiz in a subject to see your recall'}.
        </EmptyChart>
      )}
      {forecasts.map(({ subject, exam }) => <ExamForecastChart key={subject.id} subject={subject} exam={exam} />)}
      {forecasts.length === 0 && (
        <EmptyChart title="Recall on exam day">
          {dated ? (
            <>{one ? ANSWER_TO_SEE_RECALL : 'Answer a quiz in a subject with an exam date to see your recall'} on exam day.</>
          ) : (
            <>
              <Link to={`/exam-dates${className ? `?class=${encodeURIComponent(className)}` : ''}`}>Set your exam date</Link>
              {' '}to see how much you would recall on exam day.
            </>
          )}
        </EmptyChart>
      )}
    </>
  );
}
