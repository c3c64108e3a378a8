// A value that is costly to read (a database query, a NATS request), read when a reader collects and at most once
// per `maxAgeMs`: nothing is read while nobody scrapes or exports, and two readers (Prometheus and OTLP) or a
// scrape storm share one read.
export function sampledEvery<T>(maxAgeMs: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (last === undefined || now - last.at >= maxAgeMs) {
      const value = read();
      last = { at: now, value };
      // A failed read is not kept: the next collection tries again.
      value.catch(() => { if (last?.value === value) last = undefined; });
    }
    return last.value;
  };
}
