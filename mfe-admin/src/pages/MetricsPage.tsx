// /admin-metrics (issue 29 §2): the live view for whoever is on call: per service (all instances summed) and the
// gateway, the request rate, error ratio, p95, event-loop delay, outbox backlog and oldest event, consumer lag and
// database p95, refreshed every few seconds from `GET /api/admin/metrics`. Figures past the alert thresholds are
// marked. For the owner, behind the admin guard.
import type { ServiceMetrics } from '@lp/contracts';
import { GetServiceMetrics } from '@lp/contracts/urls';
import { Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { useFormat } from '@lp/web-platform/format';
import { heading } from '@lp/web-platform/heading';
import { getRoute } from '@lp/web-platform/route-calls';
import { useEffect, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { alarmsOf, duration, lag, NONE, percent, perSecond, type Alarm } from '../metrics/format.ts';
import { t as translate, useT } from '../i18n/index.ts';
import '../admin.css';

/** How long after one answer the next is asked for. */
export const REFRESH_MS = 5_000;

type Load = { state: 'loading' } | { state: 'error'; message: string; last: ServiceMetrics | null } | { state: 'done'; metrics: ServiceMetrics };

export function MetricsPage() {
  const access = useAdminAccess();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const t = useT();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      getRoute(GetServiceMetrics).then(
        (metrics) => { if (!stopped) setLoad({ state: 'done', metrics }); },
        (error: unknown) => {
          if (stopped) return;
          if (isAccessRefused(error)) return access.refuse();
          // The last figures stay on screen under the error: a blip of the gateway should not blank the page.
          setLoad((prev) => ({ state: 'error', message: errorTextOf(error, translate('metrics.readFailed')), last: prev.state === 'done' ? prev.metrics : prev.state === 'error' ? prev.last : null }));
        },
      ).finally(() => { if (!stopped) timer = setTimeout(read, REFRESH_MS); });
    };
    read();
    return () => { stopped = true; clearTimeout(timer); };
  }, [access, attempt]);

  const shown = load.state === 'done' ? load.metrics : load.state === 'error' ? load.last : null;
  return (
    <PageFrame title={heading(t('metrics.title'))} subtitle={t('metrics.subtitle', { seconds: String(REFRESH_MS / 1000) })} actions={<Button variant="ghost" onClick={() => void access.logout()}>{t('common.logout')}</Button>}>
      {load.state === 'loading' && <Spinner />}
      {load.state === 'error' && <ErrorState title={t('metrics.failedTitle')} message={load.message} onRetry={() => setAttempt((n) => n + 1)} retryLabel={t('common.retry')} />}
      {shown && <MetricsTable metrics={shown} />}
    </PageFrame>
  );
}

const COLUMNS = [
  'metrics.service', 'metrics.instances', 'metrics.requests', 'metrics.errors', 'metrics.p95', 'metrics.slowest',
  'metrics.loop', 'metrics.outbox', 'metrics.oldest', 'metrics.lag', 'metrics.db',
] as const;

const MARK: Record<Alarm, string> = { unreachable: 'instances', errors: 'errors', p95: 'p95', outbox: 'outbox' };

function MetricsTable({ metrics }: { metrics: ServiceMetrics }) {
  const t = useT();
  const { formatTime } = useFormat();
  return (
    <Card>
      <p className="lp-metrics__window">{t('metrics.window', {
        seconds: metrics.windowSeconds.toFixed(0), time: formatTime(metrics.sampledAt), errors: percent(metrics.thresholds.errorRatio),
        p95: duration(metrics.thresholds.p95Seconds), outbox: duration(metrics.thresholds.outboxOldestAgeSeconds),
      })}</p>
      {/* Eleven columns never fit a phone: the table scrolls sideways in its own focusable region, not the page. */}
      <div className="lp-metrics__scroll" role="region" aria-label={t('metrics.services')} tabIndex={0}>
      <table className="lp-admin-table lp-metrics" aria-label={t('metrics.services')}>
        <thead>
          <tr>
            {COLUMNS.map((c) => <th key={c} scope="col">{t(c)}</th>)}
          </tr>
        </thead>
        <tbody>
          {metrics.rows.map((row) => {
            const alarms = new Set(alarmsOf(row, metrics.thresholds).map((a) => MARK[a]));
            const cell = (name: string, text: string) => <td className={alarms.has(name) ? 'lp-metrics--alarm' : undefined}>{alarms.has(name) ? `⚠ ${text}` : text}</td>;
            return (
              <tr key={row.service} title={row.error}>
                <th scope="row">{row.service}</th>
                {cell('instances', `${row.reachable}/${row.instances}`)}
                {cell('requests', perSecond(row.requestsPerSecond))}
                {cell('errors', percent(row.errorRatio))}
                {cell('p95', duration(row.p95Seconds))}
                {cell('slowest', row.slowestRoute ? `${row.slowestRoute.route} ${duration(row.slowestRoute.p95Seconds)}` : NONE)}
                {cell('loop', duration(row.eventLoopDelayP99Seconds))}
                {cell('backlog', row.outboxBacklog === null ? NONE : String(row.outboxBacklog))}
                {cell('outbox', row.outboxBacklog ? duration(row.outboxOldestAgeSeconds) : NONE)}
                {cell('lag', lag(row.consumers))}
                {cell('db', duration(row.dbP95Seconds))}
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
    </Card>
  );
}
