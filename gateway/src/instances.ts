// Several instances of one service behind the gateway (`STUDY_URL=http://a:4003,http://b:4003`): calls go round
// the instances that said they are ready. Each instance's /readyz is asked every `readyPollMs`; one that answers 503
// (draining: the kit's drain.ts) or cannot be reached leaves the rotation until it answers 200 again, so an instance
// being replaced is not chosen for new calls while it finishes those in flight. A refused connection takes an
// instance out at once, without waiting for the next poll.
import { Dispatcher, Pool } from 'undici';

/**
 * The instance after `last` in round-robin order among the ready ones; when none is ready, among all (a call
 * tried is better than one refused here: the readiness poll may simply be behind).
 */
export function nextInstance(ready: readonly boolean[], last: number): number {
  const n = ready.length;
  for (let step = 1; step <= n; step++) {
    const i = (last + step) % n;
    if (ready[i]) return i;
  }
  return (last + 1) % n;
}

export interface InstancesOptions {
  /** How often each instance's /readyz is asked. */
  readyPollMs: number;
}

/** One undici dispatcher over one Pool per instance (`request`, `dispatch`, `close` as a Pool's). */
export class Instances extends Dispatcher {
  private readonly pools: Pool[];
  private readonly ready: boolean[];
  private last = -1;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(urls: readonly string[], poolOptions: Pool.Options, { readyPollMs }: InstancesOptions) {
    super();
    this.pools = urls.map((url) => new Pool(new URL(url).origin, poolOptions));
    this.ready = urls.map(() => true);
    this.pools.forEach((pool, i) => pool.on('connectionError', () => { this.ready[i] = false; }));
    this.timer = setInterval(() => void this.pollReadiness(), readyPollMs);
    this.timer.unref();
  }

  /** Each instance's own pool, in URL order: for asking every instance (the owner's metrics view, owner-metrics.ts). */
  each(): readonly Dispatcher[] {
    return this.pools;
  }

  /** Which instances are in the rotation now (by position in the URL list). */
  readiness(): readonly boolean[] {
    return this.ready;
  }

  async pollReadiness(): Promise<void> {
    await Promise.all(this.pools.map(async (pool, i) => {
      try {
        const res = await pool.request({ method: 'GET', path: '/readyz', headersTimeout: 2000, bodyTimeout: 2000 });
        await res.body.dump();
        this.ready[i] = res.statusCode === 200;
      } catch {
        this.ready[i] = false;
      }
    }));
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.last = nextInstance(this.ready, this.last);
    return this.pools[this.last]!.dispatch(options, handler);
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all(this.pools.map((p) => p.close()));
  }

  override async destroy(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.pools.map((p) => p.destroy()));
  }
}
