// The services behind the gateway: one kept-alive undici pool per service (targets, timeouts, connections),
// and one call over a pool that collects the answer (buffered when small, streamed with backpressure otherwise).
//
// Load shedding here too: a pool has `connections` sockets and queues every call beyond them, unbounded and untimed
// (undici's timeouts start once a call is on a socket). A service that serves more than that many calls a second
// never sees enough in flight for its own limit (the kit's admission.ts) to refuse, while the gateway's queue grows
// into waits of tens of seconds. So each service has a gate here as well, the kit's AdaptiveLimit counting the calls
// the gateway has on their way to it, queued or sent: once they take longer than a second, what does not fit is
// answered at once with the service's own 503 OVERLOADED and Retry-After, as if the service had said it.
import type { ServiceName } from '@lp/contracts';
import { AdaptiveLimit, errorBody, OVERLOADED, OVERLOADED_MESSAGE } from '@lp/service-kit/edge';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';
import { Instances } from './instances';

export interface UpstreamOptions {
  connections: number;
  timeoutMs: number;
  /** With several instances of a service: how often each one's /readyz is asked (instances.ts). 500 ms by default. */
  readyPollMs?: number;
  /** The gates' limits (the kit's AdaptiveLimit): a second's target, 512 to start, never below 128 by default. */
  gate?: GateLimits;
}

export type GateLimits = ConstructorParameters<typeof AdaptiveLimit>[0];

/** A service's URL setting: one URL, or several instances' URLs separated by commas. */
export function instanceUrls(setting: string): string[] {
  return setting.split(',').map((url) => url.trim()).filter(Boolean);
}

/**
 * One connection pool per service, or per instance when a service has several (instances.ts). Idle sockets close
 * before the service's own keep-alive timeout (72 s).
 */
export class Upstreams {
  private readonly pools = new Map<ServiceName, Dispatcher>();
  private readonly gates = new Map<ServiceName, AdaptiveLimit>();
  private readonly adjusting: ReturnType<typeof setInterval>;

  constructor(readonly urls: Partial<Record<ServiceName, string>>, { connections, timeoutMs, readyPollMs = 500, gate = gateLimits }: UpstreamOptions) {
    const poolOptions: Pool.Options = {
      connections,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      keepAliveMaxTimeout: 60_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connectTimeout: 5_000,
    };
    for (const [name, setting] of Object.entries(urls) as [ServiceName, string][]) {
      const urls = instanceUrls(setting);
      this.pools.set(name, urls.length === 1 ? new Pool(new URL(urls[0]!).origin, poolOptions) : new Instances(urls, poolOptions, { readyPollMs }));
      this.gates.set(name, new AdaptiveLimit(gate));
    }
    this.adjusting = setInterval(() => { for (const gate of this.gates.values()) gate.adjust(GATE_WINDOW_MS); }, GATE_WINDOW_MS);
    this.adjusting.unref();
  }

  /** The calls on their way to a service (see the top of this file); uploads are not counted (long by nature). */
  gate(name: ServiceName): AdaptiveLimit {
    return this.gates.get(name)!;
  }

  pool(name: ServiceName): Dispatcher {
    const pool = this.pools.get(name);
    if (!pool) throw new Error(`No URL configured for the ${name} service (set ${name.toUpperCase()}_URL).`);
    return pool;
  }

  /** Every instance of a service, each by its own pool (one for a single URL). */
  instances(name: ServiceName): readonly Dispatcher[] {
    const pool = this.pool(name);
    return pool instanceof Instances ? pool.each() : [pool];
  }

  names(): ServiceName[] {
    return [...this.pools.keys()];
  }

  /** GET /healthz on each service: name → answered 200 within 2 s. */
  async health(): Promise<Record<string, boolean>> {
    const entries = await Promise.all(this.names().map(async (name) => {
      try {
        const res = await this.pool(name).request({ method: 'GET', path: '/healthz', headersTimeout: 2000, bodyTimeout: 2000 });
        await res.body.dump();
        return [name, res.statusCode === 200] as const;
      } catch {
        return [name, false] as const;
      }
    }));
    return Object.fromEntries(entries);
  }

  async close() {
    clearInterval(this.adjusting);
    await Promise.all([...this.pools.values()].map((p) => p.close()));
  }
}

const GATE_WINDOW_MS = 1000;
/** The kit's defaults (a second's target, never below 128 in flight), written out: the gateway's own setting. */
const gateLimits = { targetMs: 1000, initialLimit: 512, minLimit: 128, maxLimit: 4096 };

/** What a refused call is answered: the kit's 503 OVERLOADED with Retry-After, as a service sheds load. */
function overloadedAnswer(): UpstreamAnswer {
  return {
    statusCode: 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' },
    body: Buffer.from(JSON.stringify(errorBody(503, OVERLOADED_MESSAGE, OVERLOADED))),
  };
}

/** Answers up to this size are buffered rather than streamed. */
const BUFFERED_BODY_MAX = 64 * 1024;
/**
 * Failures of a kept-alive socket the service closed at the same moment, or of an instance that stopped listening
 * (replaced in a release): a call without a body may be repeated, on the next instance when there are several.
 */
export const RETRYABLE = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'ECONNREFUSED']);

export interface UpstreamAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The whole body when it is small and sized; otherwise a stream with backpressure. */
  body: Buffer | Readable;
}

/**
 * One call to a service over the pool. Answers with a Content-Length up to BUFFERED_BODY_MAX (almost every
 * JSON call) are collected into one Buffer without stream machinery; larger or unsized ones (downloads)
 * come as a stream that pauses the upstream socket when the client reads slowly, and aborts it when the
 * client goes away.
 */
export function call(pool: Dispatcher, options: Dispatcher.DispatchOptions, gate?: AdaptiveLimit): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => dispatchCall(pool, options, resolve, reject, gate));
}

/**
 * `call` with callbacks: the fast path's form, without a promise and its microtask per request. With a `gate`, a call
 * it refuses is answered 503 OVERLOADED at once, and a call it takes counts until its answer's head (or failure).
 */
export function dispatchCall(pool: Dispatcher, options: Dispatcher.DispatchOptions, onAnswer: (answer: UpstreamAnswer) => void, onError: (err: Error) => void, gate?: AdaptiveLimit): void {
  if (!gate) return void pool.dispatch(options, new AnswerCollector(onAnswer, onError));
  if (!gate.admit()) return onAnswer(overloadedAnswer());
  const started = performance.now();
  pool.dispatch(options, new AnswerCollector((answer) => {
    gate.done(performance.now() - started);
    onAnswer(answer);
  }, (err) => {
    gate.done(performance.now() - started);
    onError(err);
  }));
}

/**
 * undici's handler for one call. A class, not an object literal of closures: one allocation per call where the
 * closures' form made seven (their context, five functions and the object), on the path every proxied call takes.
 */
class AnswerCollector implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private headers: UpstreamAnswer['headers'] = {};
  private chunks: Buffer[] = [];
  private stream: Readable | undefined = undefined;
  private ended = false;

  // Not `onError`: that is a handler method of undici's older interface, which undici would call.
  constructor(private readonly answer: (answer: UpstreamAnswer) => void, private readonly fail: (err: Error) => void) {}

  onRequestStart() {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: UpstreamAnswer['headers']) {
    this.statusCode = statusCode;
    this.headers = headers;
    const length = Number(headers['content-length']);
    if (length <= BUFFERED_BODY_MAX) return;
    this.stream = new Readable({
      read: () => controller.resume(),
      destroy: (err, done) => {
        if (!this.ended) controller.abort(err ?? new Error('client went away'));
        done(err);
      },
    });
    this.answer({ statusCode, headers, body: this.stream });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (!this.stream) this.chunks.push(chunk);
    else if (!this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd() {
    this.ended = true;
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [];
    this.answer({ statusCode: this.statusCode, headers: this.headers, body });
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error) {
    this.ended = true;
    if (this.stream) this.stream.destroy(err);
    else this.fail(err);
  }
}
