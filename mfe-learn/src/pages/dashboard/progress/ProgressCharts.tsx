/**
 * The dashboard's pictures of progress (issue 32 §3), a lazily loaded chunk. Each chart is a ChartFrame; recall today
 * per chapter and the exam-day forecast join the list when their data is served.
 */
import { Button, Skeleton } from '@lp/ui';
import { useStudyDays } from '../../../api/study-days.ts';
import { DailyActivityChart } from './DailyActivityChart.tsx';
import { useT } from '../../../i18n/dashboard/index.ts';
import './progress-charts.css';

export function ProgressCharts() {
  const studyDays = useStudyDays();
  const t = useT();
  return (
    <section className="lp-progress-charts" aria-labelledby="progress-charts-title">
      <h2 id="progress-charts-title" className="lp-progress-charts__title">{t('dashboard.chartsTitle')}</h2>
      {studyDays.isPending && <Skeleton height="12rem" />}
      {studyDays.isError && (
        <p className="lp-inline-error" role="alert">
          {t('dashboard.chartsFailed')}{' '}
          <Button variant="link" size="sm" onClick={() => void studyDays.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </p>
      )}
      {studyDays.data && (
        <div className="lp-progress-charts__list">
          <DailyActivityChart days={studyDays.data.days} />
        </div>
      )}
    </section>
  );
}
