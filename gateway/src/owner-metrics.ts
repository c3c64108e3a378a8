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

/** One service's instances as read now: each process's snapshot by its instance id (service.instance.id). */
interface ProcessGroup { instances: number; reachable: number; error?: string; byProcess: Map<string, Snapshot> }
interface Sample { at: number; groups: Map<string, ProcessGroup> }

/**
 * One process's snapshot, keyed by its instance id from `target_info`: rates are only ever taken between two reads
 * of the same process (behind a load-balanced URL, such as a Kubernetes Service, consecutive reads may reach
 * different pods, whose counts are unrelated).
 */
function processSnapshot(text: string, fallbackId: string): [string, Snapshot] {
  const samples = parseExposition(text);
  const id = samples.find((s) => s.name === 'target_info')?.labels.service_instance_id ?? fallbackId;
  return [id, snapshotOf(samples)];
}

async function readInstance(pool: Dispatcher, index: number): Promise<[string, Snapshot]> {
  const res = await pool.request({ method: 'GET', path: '/metrics', headersTimeout: ASK_TIMEOUT_MS, bodyTimeout: ASK_TIMEOUT_MS });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`);
  return processSnapshot(text, `#${index}`);
}

async function readService(pools: readonly Dispatcher[]): Promise<ProcessGroup> {
  const results = await Promise.allSettled(pools.map((pool, i) => readInstance(pool, i)));
  const read = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  return {
    instances: pools.length,
    reachable: read.length,
    ...(failed ? { error: `not reachable (${(failed.reason as Error).message})` } : {}),
    byProcess: new Map(read),
  };
}

export function rowOf(service: string, before: ProcessGroup | undefined, after: ProcessGroup, seconds: number): ServiceMetricsRow {
  const now = after.byProcess.size ? mergeSnapshots([...after.byProcess.values()]) : null;
  // Rates from the processes read both times, each against itself.
  const both = [...after.byProcess.keys()].filter((id) => before?.byProcess.has(id));
  const rates = both.length ? ratesBetween(mergeSnapshots(both.map((id) => before!.byProcess.get(id)!)), mergeSnapshots(both.map((id) => after.byProcess.get(id)!)), seconds) : null;
  return {
    service,
    instances: after.instances,
    reachable: after.reachable,
    ...(after.error ? { error: after.error } : {}),
    requestsPerSecond: rates?.requestsPerSecond ?? null,
    errorRatio: rates?.errorRatio ?? null,
    p95Seconds: rates?.p95Seconds ?? null,
    slowestRoute: rates?.slowestRoute ?? null,
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
      this.ownText().then((text) => ({ instances: 1, reachable: 1, byProcess: new Map([processSnapshot(text, 'gateway')]) })),
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
