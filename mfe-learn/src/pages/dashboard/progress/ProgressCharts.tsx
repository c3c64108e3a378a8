/**
 * The dashboard's pictures of progress (issue 32 §3), a lazily loaded chunk: the last 30 days, recall today per
 * chapter of the shown subjects and the exam-day forecast. Each chart is a ChartFrame.
 */
import type { SubjectWithChapters } from '@lp/contracts';
import { Button, Skeleton } from '@lp/ui';
import { useStudyDays } from '../../../api/study-days.ts';
import { DailyActivityChart } from './DailyActivityChart.tsx';
import { useT } from '../../../i18n/dashboard/index.ts';
import { RecallCharts } from './RecallCharts.tsx';
import './progress-charts.css';

export function ProgressCharts({ subjects, className }: { subjects: readonly SubjectWithChapters[]; className: string | null }) {
  const studyDays = useStudyDays();
  const t = useT();
  return (
    <section className="lp-progress-charts" aria-labelledby="progress-charts-title">
      <h2 id="progress-charts-title" className="lp-progress-charts__title">{t('dashboard.chartsTitle')}</h2>
      <div className="lp-progress-charts__list">
        {studyDays.isPending && <Skeleton height="12rem" />}
        {studyDays.isError && (
          <p className="lp-inline-error" role="alert">
            {t('dashboard.chartsFailed')}{' '}
            <Button variant="link" size="sm" onClick={() => void studyDays.refetch()}>
              {t('dashboard.retry')}
            </Button>
          </p>
        )}
        {studyDays.data && <DailyActivityChart days={studyDays.data.days} />}
        {/* No subject (none in the class, or still loading): nothing to chart recall of. */}
        {subjects.length > 0 && <RecallCharts subjects={subjects} className={className} />}
      </div>
    </section>
  );
}
