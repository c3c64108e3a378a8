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
import { useNameIn } from '../../../i18n/names.ts';
import { useT } from '../../../i18n/recall/index.ts';

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
  const t = useT();
  const nameOf = useNameIn();
  if (recall.isPending) return <Skeleton height="12rem" />;
  if (recall.isError) {
    return (
      <p className="lp-inline-error" role="alert">
        {t('recall.loadFailed')}{' '}
        <Button variant="link" size="sm" onClick={() => void recall.refetch()}>
          {t('recall.retry')}
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
        <EmptyChart title={one ? recallTodayTitle(nameOf(one)) : t('recall.todayTitleAll')}>
          {one ? t('recall.emptyTodayOne') : t('recall.emptyTodayAny')}
        </EmptyChart>
      )}
      {forecasts.map(({ subject, exam }) => <ExamForecastChart key={subject.id} subject={subject} exam={exam} />)}
      {forecasts.length === 0 && (
        <EmptyChart title={t('recall.examTitle')}>
          {dated ? (
            one ? t('recall.emptyExamOne') : t('recall.emptyExamAny')
          ) : (
            <>
              <Link to={`/exam-dates${className ? `?class=${encodeURIComponent(className)}` : ''}`}>{t('recall.setExamDate')}</Link>
              {t('recall.setExamDateRest')}
            </>
          )}
        </EmptyChart>
      )}
    </>
  );
}
