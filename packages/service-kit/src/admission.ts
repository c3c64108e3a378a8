// Load shedding: a call the service cannot take in time is refused at once with 503 and Retry-After, instead of
// joining a queue that makes every call wait (a classroom of 200 answering at once, during an exam hour). The
// service keeps at most `limit` calls in flight; the limit adapts to what the service, its database and whatever it
// calls actually serve: when the calls finished in the last window took longer than `targetMs` (90th percentile),
// the limit becomes what was served in the window scaled to that target; when calls were refused or the limit was
// nearly reached while they were quick, it grows by a tenth. A quiet service never refuses anything. The browser's queues retry a 503
// after Retry-After, so a refused answer is sent again, not lost (the answer id makes a retry safe).
//
// Besides the limit, a process under pressure (its event loop stalled, its heap near V8's limit: pressure.ts) refuses
// every call the same way until a sample finds it well again.
//
// Not counted: health probes, and multipart uploads (long by nature; they have their own limits).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { performance } from 'node:perf_hooks';
import { errorBody } from './errors';
import { ProcessPressure, type PressureOptions } from './pressure';

export interface AdmissionOptions extends PressureOptions {
  /** 90th percentile latency above which the limit shrinks (ms). */
  targetMs?: number;
  initialLimit?: number;
  minLimit?: number;
  maxLimit?: number;
  /** How often the limit is adjusted (ms). */
  windowMs?: number;
  /** Seconds a refused caller is told to wait. */
  retryAfterSeconds?: number;
}

export const OVERLOADED = 'OVERLOADED';
export const OVERLOADED_MESSAGE = 'The service is busy right now. Your request was not taken; please try again in a moment.';

/** The limit's arithmetic, apart from Fastify, so tests can drive it window by window. */
export class AdaptiveLimit {
  limit: number;
  inFlight = 0;
  private latencies: number[] = [];
  private refused = 0;
  private peak = 0;
  private readonly o: Required<Pick<AdmissionOptions, 'targetMs' | 'initialLimit' | 'minLimit' | 'maxLimit'>>;

  // The floor keeps a burst a service is sized for (a runner flushing a queue of answers, a classroom's first
  // minute) from being refused after one slow second; the target is a wait a person still sits through.
  constructor({ targetMs = 1000, initialLimit = 512, minLimit = 128, maxLimit = 4096 }: Pick<AdmissionOptions, 'targetMs' | 'initialLimit' | 'minLimit' | 'maxLimit'> = {}) {
    this.o = { targetMs, initialLimit, minLimit, maxLimit };
    this.limit = initialLimit;
  }

  /** True when the call is taken (call `done` when it ends); false when it must be refused. */
  admit(): boolean {
    if (this.inFlight >= this.limit) {
      this.refused += 1;
      return false;
    }
    this.inFlight += 1;
    this.peak = Math.max(this.peak, this.inFlight);
    return true;
  }

  done(latencyMs: number) {
    this.inFlight -= 1;
    this.latencies.push(latencyMs);
  }

  /**
   * Ends a window of `windowMs`: adjusts the limit from the calls that finished in it. Too slow: the limit becomes what
   * the service finished in the window scaled to the target (Little's law: served per second × target seconds), so
   * it settles at what is served in time rather than collapsing by halves; quick and binding: it grows by a tenth.
   */
  adjust(windowMs = 1000) {
    const sorted = this.latencies.sort((a, b) => a - b);
    const p90 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))]! : 0;
    if (p90 > this.o.targetMs) {
      const servedInTarget = Math.ceil((sorted.length / windowMs) * this.o.targetMs);
      this.limit = Math.max(this.o.minLimit, Math.min(this.limit, servedInTarget));
    } else if (this.refused > 0 || this.peak >= this.limit * 0.9) {
      this.limit = Math.min(this.o.maxLimit, Math.ceil(this.limit * 1.1) + 1);
    }
    this.latencies = [];
    this.refused = 0;
    this.peak = this.inFlight;
  }
}

const exempt = (request: FastifyRequest) =>
  request.url === '/healthz' || request.url === '/readyz' || (request.headers['content-type'] ?? '').startsWith('multipart/');

export function installAdmission(app: FastifyInstance, options: AdmissionOptions = {}) {
  const gate = new AdaptiveLimit(options);
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  const taken = new WeakMap<FastifyRequest, number>();
  const windowMs = options.windowMs ?? 1000;
  const timer = setInterval(() => gate.adjust(windowMs), windowMs);
  timer.unref();
  const pressure = new ProcessPressure(options);
  app.addHook('onClose', async () => { clearInterval(timer); pressure.stop(); });

  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    if (pressure.reason !== null || !gate.admit()) {
      return reply.code(503).header('retry-after', retryAfter).send(errorBody(503, OVERLOADED_MESSAGE, OVERLOADED));
    }
    taken.set(request, performance.now());
  });
  const end = (request: FastifyRequest) => {
    const started = taken.get(request);
    if (started === undefined) return;
    taken.delete(request);
    gate.done(performance.now() - started);
  };
  app.addHook('onResponse', async (request) => end(request));
  // A call whose client went away before the answer ends here (once: the first of the two hooks counts).
  app.addHook('onRequestAbort', async (request) => end(request));
  return gate;
}
