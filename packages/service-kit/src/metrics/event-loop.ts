// Event-loop delay (nodejs.eventloop.delay.*): how long a ready callback waited, the first thing to look at when
// every route of one process is slow at once. Node's histogram samples natively; it is read and restarted every
// WINDOW_MS by a timer, so every reader sees the same recent window whoever collects first.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Meter } from '@opentelemetry/api';

const WINDOW_MS = 10_000;

export function observeEventLoopDelay(meter: Meter): () => void {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  let last = { p50: 0, p99: 0, max: 0 };
  const timer = setInterval(() => {
    // Nanoseconds to seconds; an empty window (no sample yet) reports zero rather than NaN.
    const seconds = (ns: number) => (Number.isFinite(ns) && histogram.count > 0 ? ns / 1e9 : 0);
    last = { p50: seconds(histogram.percentile(50)), p99: seconds(histogram.percentile(99)), max: seconds(histogram.max) };
    histogram.reset();
  }, WINDOW_MS);
  timer.unref();
  const gauge = (name: string, pick: (w: typeof last) => number) =>
    meter.createObservableGauge(name, { unit: 's', description: `event-loop delay over the last ${WINDOW_MS / 1000} s` }).addCallback((r) => r.observe(pick(last)));
  gauge('nodejs.eventloop.delay.p50', (w) => w.p50);
  gauge('nodejs.eventloop.delay.p99', (w) => w.p99);
  gauge('nodejs.eventloop.delay.max', (w) => w.max);
  return () => {
    clearInterval(timer);
    histogram.disable();
  };
}
