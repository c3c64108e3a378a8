// `GET /api/admin/metrics` (issue 29 §2): per service, what the person on call looks at first — request rate,
// error ratio, p95, event-loop delay, outbox backlog and age, consumer lag, database p95 — read from every
// instance's `/metrics` (over the pools the proxied calls use) and the gateway's own, as rates over the last
// few seconds. The samples kept here are only a cache for the rates: another gateway replica keeps its own and
// answers the same figures over its own window.
import type { ServiceMetrics, ServiceMetricsRow, ServiceName } from '@lp/contracts';
import { mergeSnapshots, parseExposition, ratesBetween, snapshotOf, type Snapshot } from '@lp/service-kit/metrics';
import type { Dispatcher } from 'undici';
import type { Upstreams } from './upstreams';

const ASK_TIMEOUT_MS = 2000;
/** Rates cover at least this long when an earlier sample allows it (shorter windows are mostly noise). */
const MIN_WINDOW_MS = 4_000;
/** Samples older than this are dropped; with none left, two are taken FIRST_WINDOW_MS apart. */
const KEEP_MS = 60_000;
const FIRST_WINDOW_MS = 2_000;
/** However many pages poll at once, this many samples at most. */
const MAX_KEPT = 30;

/** The alert rules' thresholds (deploy/k8s/observability/alert-rules.yaml), for the page to mark. */
export const THRESHOLDS = { p95Seconds: 0.1, outboxOldestAgeSeconds: 60, errorRatio: 0.01 };

interface ProcessGroup { instances: number; reachable: number; error?: string; snapshot: Snapshot | null }
interface Sample { at: number; groups: Map<string, ProcessGroup> }

async function readInstance(pool: Dispatcher): Promise<Snapshot> {
  const res = await pool.request({ method: 'GET', path: '/metrics', headersTimeout: ASK_TIMEOUT_MS, bodyTimeout: ASK_TIMEOUT_MS });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`);
  return snapshotOf(parseExposition(text));
}

async function readService(pools: readonly Dispatcher[]): Promise<ProcessGroup> {
  const results = await Promise.allSettled(pools.map(readInstance));
  const read = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  return {
    instances: pools.length,
    reachable: read.length,
    ...(failed ? { error: `not reachable (${(failed.reason as Error).message})` } : {}),
    snapshot: read.length ? mergeSnapshots(read) : null,
  };
}

export function rowOf(service: string, before: ProcessGroup | undefined, after: ProcessGroup, seconds: number): ServiceMetricsRow {
  const now = after.snapshot;
  const rates = now && before?.snapshot ? ratesBetween(before.snapshot, now, seconds) : null;
  return {
    service,
    instances: after.instances,
    reachable: after.reachable,
    ...(after.error ? { error: after.error } : {}),
    requestsPerSecond: rates?.requestsPerSecond ?? null,
    errorRatio: rates?.errorRatio ?? null,
    p95Seconds: rates?.p95Seconds ?? null,
    eventLoopDelayP99Seconds: now?.eventLoopDelayP99Seconds ?? null,
    outboxBacklog: now ? Math.round(now.outboxBacklog) : null,
    outboxOldestAgeSeconds: now ? now.outboxOldestAgeSeconds : null,
    consumers: Object.entries(now?.consumerLag ?? {}).map(([consumer, lag]) => ({ consumer, lag: Math.round(lag) })).sort((a, b) => a.consumer.localeCompare(b.consumer)),
    dbP95Seconds: rates?.dbP95Seconds ?? null,
  };
}

export class OwnerMetrics {
  private samples: Sample[] = [];

  constructor(private readonly upstreams: Upstreams, private readonly ownText: () => Promise<string>, private readonly clock: () => number = Date.now) {}

  private async sample(): Promise<Sample> {
    const at = this.clock();
    const names = this.upstreams.names();
    const [own, ...services] = await Promise.all([
      this.ownText().then((text) => ({ instances: 1, reachable: 1, snapshot: snapshotOf(parseExposition(text)) })),
      ...names.map((name: ServiceName) => readService(this.upstreams.instances(name))),
    ]);
    const groups = new Map<string, ProcessGroup>([['gateway', own], ...names.map((name, i) => [name, services[i]!] as const)]);
    return { at, groups };
  }

  async read(): Promise<ServiceMetrics> {
    const now = this.clock();
    this.samples = this.samples.filter((s) => now - s.at <= KEEP_MS).slice(-MAX_KEPT);
    if (this.samples.length === 0) {
      this.samples.push(await this.sample());
      await new Promise((r) => setTimeout(r, FIRST_WINDOW_MS));
    }
    const after = await this.sample();
    // The newest sample at least MIN_WINDOW_MS old, else the oldest kept.
    const before = [...this.samples].reverse().find((s) => after.at - s.at >= MIN_WINDOW_MS) ?? this.samples[0]!;
    this.samples.push(after);
    const seconds = (after.at - before.at) / 1000;
    return {
      sampledAt: new Date(after.at).toISOString(),
      windowSeconds: seconds,
      thresholds: THRESHOLDS,
      rows: [...after.groups].map(([service, group]) => rowOf(service, before.groups.get(service), group, seconds)),
    };
  }
}
