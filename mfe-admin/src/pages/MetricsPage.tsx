// /admin-metrics (issue 29 §2): the live view for whoever is on call: per service (all instances summed) and the
// gateway, the request rate, error ratio, p95, event-loop delay, outbox backlog and oldest event, consumer lag and
// database p95, refreshed every few seconds from `GET /api/admin/metrics`. Figures past the alert thresholds are
// marked. For the owner, behind the admin guard.
import type { ServiceMetrics } from '@lp/contracts';
import { GetServiceMetrics } from '@lp/contracts/urls';
import { Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { errorMessageOf } from '@lp/web-platform';
import { heading } from '@lp/web-platform/heading';
import { getRoute } from '@lp/web-platform/route-calls';
import { useEffect, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { alarmsOf, duration, lag, NONE, percent, perSecond, type Alarm } from '../metrics/format.ts';
import '../admin.css';

/** How long after one answer the next is asked for. */
export const REFRESH_MS = 5_000;

type Load = { state: 'loading' } | { state: 'error'; message: string; last: ServiceMetrics | null } | { state: 'done'; metrics: ServiceMetrics };

export function MetricsPage() {
  const access = useAdminAccess();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
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
          setLoad((prev) => ({ state: 'error', message: errorMessageOf(error, 'The metrics could not be read.'), last: prev.state === 'done' ? prev.metrics : prev.state === 'error' ? prev.last : null }));
        },
      ).finally(() => { if (!stopped) timer = setTimeout(read, REFRESH_MS); });
    };
    read();
    return () => { stopped = true; clearTimeout(timer); };
  }, [access, attempt]);

  const shown = load.state === 'done' ? load.metrics : load.state === 'error' ? load.last : null;
  return (
    <PageFrame title={heading('Metrics')} subtitle={`Every service, live: refreshed every ${REFRESH_MS / 1000} s.`} actions={<Button variant="ghost" onClick={() => void access.logout()}>Logout</Button>}>
      {load.state === 'loading' && <Spinner />}
      {load.state === 'error' && <ErrorState title="Could not read the metrics" message={load.message} onRetry={() => setAttempt((n) => n + 1)} />}
      {shown && <MetricsTable metrics={shown} />}
    </PageFrame>
  );
}

const MARK: Record<Alarm, string> = { unreachable: 'instances', errors: 'errors', p95: 'p95', outbox: 'outbox' };

function MetricsTable({ metrics }: { metrics: ServiceMetrics }) {
  return (
    <Card>
      <p className="lp-metrics__window">Over the last {metrics.windowSeconds.toFixed(0)} s, at {new Date(metrics.sampledAt).toLocaleTimeString()}. Marked: errors over {percent(metrics.thresholds.errorRatio)}, p95 over {duration(metrics.thresholds.p95Seconds)}, an outbox event older than {duration(metrics.thresholds.outboxOldestAgeSeconds)}.</p>
      <table className="lp-admin-table lp-metrics" aria-label="Services">
        <thead>
          <tr>
            <th scope="col">Service</th><th scope="col">Instances</th><th scope="col">Requests</th><th scope="col">Errors</th><th scope="col">p95</th><th scope="col">Slowest route (p95)</th>
            <th scope="col">Event loop p99</th><th scope="col">Outbox</th><th scope="col">Oldest event</th><th scope="col">Consumer lag</th><th scope="col">DB p95</th>
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
    </Card>
  );
}
