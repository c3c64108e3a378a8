// The services behind the gateway: one kept-alive undici pool per service (targets, timeouts, connections),
// and one call over a pool that collects the answer (buffered when small, streamed with backpressure otherwise).
import type { ServiceName } from '@lp/contracts';
import { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';

export interface UpstreamOptions {
  connections: number;
  timeoutMs: number;
}

/** One connection pool per service. Idle sockets close before the service's own keep-alive timeout (72 s). */
export class Upstreams {
  private readonly pools = new Map<ServiceName, Pool>();

  constructor(readonly urls: Partial<Record<ServiceName, string>>, { connections, timeoutMs }: UpstreamOptions) {
    for (const [name, url] of Object.entries(urls) as [ServiceName, string][]) {
      this.pools.set(name, new Pool(new URL(url).origin, {
        connections,
        pipelining: 1,
        keepAliveTimeout: 60_000,
        keepAliveMaxTimeout: 60_000,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        connectTimeout: 5_000,
      }));
    }
  }

  pool(name: ServiceName): Pool {
    const pool = this.pools.get(name);
    if (!pool) throw new Error(`No URL configured for the ${name} service (set ${name.toUpperCase()}_URL).`);
    return pool;
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
    await Promise.all([...this.pools.values()].map((p) => p.close()));
  }
}

/** Answers up to this size are buffered rather than streamed. */
const BUFFERED_BODY_MAX = 64 * 1024;
/** Failures of a kept-alive socket the service closed at the same moment: a call without a body may be repeated. */
export const RETRYABLE = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

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
export function call(pool: Pool, options: Dispatcher.DispatchOptions): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => dispatchCall(pool, options, resolve, reject));
}

/** `call` with callbacks: the fast path's form, without a promise and its microtask per request. */
export function dispatchCall(pool: Pool, options: Dispatcher.DispatchOptions, onAnswer: (answer: UpstreamAnswer) => void, onError: (err: Error) => void): void {
  pool.dispatch(options, new AnswerCollector(onAnswer, onError));
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
