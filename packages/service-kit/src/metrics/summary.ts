// What the owner's metrics page shows per process and per service, from the Prometheus text (exposition.ts): pure
// functions. A snapshot holds cumulative counts; two snapshots give rates and percentiles over the time between them.

import type { Sample } from './exposition';

/** A cumulative histogram: count of observations ≤ `le` seconds, ascending, the last `le` Infinity. */
export type Buckets = Array<{ le: number; count: number }>;

export interface Snapshot {
  /** Requests answered since start, and those answered 5xx. */
  requests: number;
  errors: number;
  duration: Buckets;
  db: Buckets;
  eventLoopDelayP99Seconds: number;
  outboxBacklog: number;
  outboxOldestAgeSeconds: number;
  /** Per durable consumer: events not yet delivered plus delivered and unacknowledged. */
  consumerLag: Record<string, number>;
  /** Per `METHOD /route`: its requests and their durations, to name the slowest. */
  routes: Record<string, { requests: number; duration: Buckets }>;
}

export const emptySnapshot = (): Snapshot => ({ requests: 0, errors: 0, duration: [], db: [], eventLoopDelayP99Seconds: 0, outboxBacklog: 0, outboxOldestAgeSeconds: 0, consumerLag: {}, routes: {} });

const routeOf = (s: Snapshot, labels: Record<string, string>) => {
  const key = `${labels.http_request_method ?? ''} ${labels.http_route ?? ''}`;
  return (s.routes[key] ??= { requests: 0, duration: [] });
};

/** A bucket's bound as the exposition writes it: the last one is `+Inf`, which Number() does not read. */
const boundOf = (le: string | undefined) => (le === '+Inf' ? Infinity : Number(le));

function addBucket(buckets: Buckets, le: number, count: number) {
  const found = buckets.find((b) => b.le === le);
  if (found) found.count += count;
  else buckets.push({ le, count });
}

/** One process's snapshot from its exposition: every route and command summed. */
export function snapshotOf(samples: readonly Sample[]): Snapshot {
  const s = emptySnapshot();
  for (const { name, labels, value } of samples) {
    if (name === 'http_server_request_duration_count') {
      s.requests += value;
      routeOf(s, labels).requests += value;
      if (Number(labels.http_response_status_code) >= 500) s.errors += value;
    } else if (name === 'http_server_request_duration_bucket') {
      addBucket(s.duration, boundOf(labels.le), value);
      addBucket(routeOf(s, labels).duration, boundOf(labels.le), value);
    }
    else if (name === 'db_client_operation_duration_bucket') addBucket(s.db, boundOf(labels.le), value);
    else if (name === 'nodejs_eventloop_delay_p99') s.eventLoopDelayP99Seconds = value;
    else if (name === 'lp_outbox_backlog') s.outboxBacklog = value;
    else if (name === 'lp_outbox_oldest_age') s.outboxOldestAgeSeconds = value;
    else if (name === 'lp_consumer_pending' || name === 'lp_consumer_ack_pending') {
      const consumer = labels.messaging_consumer_group_name ?? '';
      s.consumerLag[consumer] = (s.consumerLag[consumer] ?? 0) + value;
    }
  }
  sortBuckets(s);
  return s;
}

function sortBuckets(s: Snapshot) {
  for (const buckets of [s.duration, s.db, ...Object.values(s.routes).map((r) => r.duration)]) buckets.sort((a, b) => a.le - b.le);
}

/**
 * Several instances of one service as one: counts add up, the worst event-loop delay and outbox age count, the
 * outboxes (one database) and the consumers (one JetStream consumer per durable name) are the same for all.
 */
export function mergeSnapshots(snapshots: readonly Snapshot[]): Snapshot {
  const m = emptySnapshot();
  for (const s of snapshots) {
    m.requests += s.requests;
    m.errors += s.errors;
    for (const b of s.duration) addBucket(m.duration, b.le, b.count);
    for (const b of s.db) addBucket(m.db, b.le, b.count);
    m.eventLoopDelayP99Seconds = Math.max(m.eventLoopDelayP99Seconds, s.eventLoopDelayP99Seconds);
    m.outboxBacklog = Math.max(m.outboxBacklog, s.outboxBacklog);
    m.outboxOldestAgeSeconds = Math.max(m.outboxOldestAgeSeconds, s.outboxOldestAgeSeconds);
    for (const [name, lag] of Object.entries(s.consumerLag)) m.consumerLag[name] = Math.max(m.consumerLag[name] ?? 0, lag);
    for (const [key, route] of Object.entries(s.routes)) {
      const into = (m.routes[key] ??= { requests: 0, duration: [] });
      into.requests += route.requests;
      for (const b of route.duration) addBucket(into.duration, b.le, b.count);
    }
  }
  sortBuckets(m);
  return m;
}

/**
 * The q-quantile of a cumulative histogram, interpolated within its bucket as Prometheus' histogram_quantile does;
 * null without observations. Above the last finite bound it answers that bound (the histogram knows no more).
 */
export function quantile(q: number, buckets: Buckets): number | null {
  const total = buckets.at(-1)?.count ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (const { le, count } of buckets) {
    if (count >= rank) {
      if (le === Infinity) return prevLe;
      return prevLe + (le - prevLe) * ((rank - prevCount) / Math.max(count - prevCount, 1e-9));
    }
    prevLe = le;
    prevCount = count;
  }
  return prevLe;
}

/** Counts between two snapshots; a process that restarted in between (counts went down) counts from zero. */
function bucketsBetween(before: Buckets, after: Buckets): Buckets {
  const reset = after.some((b) => b.count < (before.find((p) => p.le === b.le)?.count ?? 0));
  return after.map((b) => ({ le: b.le, count: reset ? b.count : b.count - (before.find((p) => p.le === b.le)?.count ?? 0) }));
}

export interface Rates {
  requestsPerSecond: number;
  /** Share of requests answered 5xx; null without requests. */
  errorRatio: number | null;
  p95Seconds: number | null;
  dbP95Seconds: number | null;
  /** The route with the highest p95 among those called at least MIN_ROUTE_CALLS times in the window. */
  slowestRoute: { route: string; p95Seconds: number } | null;
}

/** A route called fewer times in the window says little about its p95. */
export const MIN_ROUTE_CALLS = 5;

export function ratesBetween(before: Snapshot, after: Snapshot, seconds: number): Rates {
  const restarted = after.requests < before.requests;
  const requests = restarted ? after.requests : after.requests - before.requests;
  const errors = restarted ? after.errors : after.errors - before.errors;
  return {
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    errorRatio: requests > 0 ? errors / requests : null,
    p95Seconds: quantile(0.95, bucketsBetween(before.duration, after.duration)),
    dbP95Seconds: quantile(0.95, bucketsBetween(before.db, after.db)),
    slowestRoute: slowestRoute(before, after, restarted),
  };
}

function slowestRoute(before: Snapshot, after: Snapshot, restarted: boolean): Rates['slowestRoute'] {
  let slowest: Rates['slowestRoute'] = null;
  for (const [route, now] of Object.entries(after.routes)) {
    const then = restarted ? undefined : before.routes[route];
    if (now.requests - (then?.requests ?? 0) < MIN_ROUTE_CALLS) continue;
    const p95 = quantile(0.95, bucketsBetween(then?.duration ?? [], now.duration));
    if (p95 !== null && (slowest === null || p95 > slowest.p95Seconds)) slowest = { route, p95Seconds: p95 };
  }
  return slowest;
}
