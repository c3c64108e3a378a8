// How /admin-metrics shows a figure (pure): units a person reads at a glance, '–' where nothing was measured in the
// window, and whether a figure is past the thresholds the alert rules use (the gateway sends them).
import type { ServiceMetrics, ServiceMetricsRow } from '@lp/contracts';

export const NONE = '–';

export function perSecond(value: number | null): string {
  if (value === null) return NONE;
  return value >= 10 ? `${Math.round(value)}/s` : `${value.toFixed(1)}/s`;
}

export function percent(ratio: number | null): string {
  if (ratio === null) return NONE;
  return ratio === 0 ? '0%' : `${(ratio * 100).toFixed(ratio < 0.01 ? 2 : 1)}%`;
}

export function duration(seconds: number | null): string {
  if (seconds === null) return NONE;
  if (seconds >= 10) return `${Math.round(seconds)} s`;
  if (seconds >= 1) return `${seconds.toFixed(1)} s`;
  return `${(seconds * 1000).toFixed(seconds < 0.01 ? 1 : 0)} ms`;
}

/** Consumer lag: the largest first, `name: n`, or '0' when every consumer is caught up. */
export function lag(consumers: ServiceMetricsRow['consumers']): string {
  const behind = consumers.filter((c) => c.lag > 0).sort((a, b) => b.lag - a.lag);
  if (consumers.length === 0) return NONE;
  return behind.length === 0 ? '0' : behind.map((c) => `${c.consumer}: ${c.lag}`).join(', ');
}

export type Alarm = 'errors' | 'p95' | 'outbox' | 'unreachable';

/** What on this row is past a threshold, for the page to mark. */
export function alarmsOf(row: ServiceMetricsRow, thresholds: ServiceMetrics['thresholds']): Alarm[] {
  const alarms: Alarm[] = [];
  if (row.reachable < row.instances) alarms.push('unreachable');
  if (row.errorRatio !== null && row.errorRatio > thresholds.errorRatio) alarms.push('errors');
  if (row.p95Seconds !== null && row.p95Seconds > thresholds.p95Seconds) alarms.push('p95');
  if (row.outboxOldestAgeSeconds !== null && row.outboxOldestAgeSeconds > thresholds.outboxOldestAgeSeconds) alarms.push('outbox');
  return alarms;
}
