// Process pressure: the admission limit (admission.ts) counts calls, but a process can be past saving with few calls
// in flight: its event loop stalled (a CPU-bound burst, a long GC, a 2-core machine shared with the database) or its
// heap near V8's limit (the next big allocation ends in an out-of-memory crash that loses every call in flight). Under
// either, a call taken now waits seconds for the loop or kills the process; refusing it at once (503 + Retry-After)
// is the kinder answer. Sampled every `sampleMs` from Node's own event-loop-delay histogram and heap statistics, so
// the check on each call is one boolean.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

export interface PressureOptions {
  /** Mean event-loop delay over a sample above which calls are refused (ms); 0 turns the check off. */
  maxEventLoopDelayMs?: number;
  /** Heap in use as a share of V8's heap limit above which calls are refused (0–1); 0 turns the check off. */
  maxHeapUsedRatio?: number;
  /** How often the process is sampled (ms). */
  sampleMs?: number;
}

export interface PressureSample {
  eventLoopDelayMs: number;
  heapUsedRatio: number;
}

export type PressureReason = 'event-loop-delay' | 'heap' | null;

/** Which limit a sample is over, if any (pure: tests drive it with made-up samples). */
export function pressureReason(sample: PressureSample, { maxEventLoopDelayMs = 500, maxHeapUsedRatio = 0.9 }: PressureOptions = {}): PressureReason {
  if (maxEventLoopDelayMs > 0 && sample.eventLoopDelayMs > maxEventLoopDelayMs) return 'event-loop-delay';
  if (maxHeapUsedRatio > 0 && sample.heapUsedRatio > maxHeapUsedRatio) return 'heap';
  return null;
}

/** The histogram's timer fires every RESOLUTION_MS; its mean beyond that is how late the loop ran callbacks. */
const RESOLUTION_MS = 10;

/** Samples the process every `sampleMs`; `reason` is what the last sample was over (null: take calls). */
export class ProcessPressure {
  reason: PressureReason = null;
  last: PressureSample = { eventLoopDelayMs: 0, heapUsedRatio: 0 };
  private readonly histogram: IntervalHistogram;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly options: PressureOptions = {}) {
    this.histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.histogram.enable();
    this.timer = setInterval(() => this.sample(), options.sampleMs ?? 1000);
    this.timer.unref();
  }

  sample() {
    const meanMs = this.histogram.count > 0 ? this.histogram.mean / 1e6 - RESOLUTION_MS : 0;
    this.histogram.reset();
    const heap = getHeapStatistics();
    this.last = { eventLoopDelayMs: Math.max(0, meanMs), heapUsedRatio: heap.used_heap_size / heap.heap_size_limit };
    this.reason = pressureReason(this.last, this.options);
  }

  stop() {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
