// Metrics (issue 29 §2): see the kit's README, "Metrics".
export { createMetrics, otlpMetricsConfigured, HTTP_DURATION, DB_DURATION, type Metrics } from './metrics';
export { Timings, DURATION_BUCKETS } from './timings';
export { parseExposition, type Sample } from './exposition';
export { snapshotOf, mergeSnapshots, ratesBetween, quantile, emptySnapshot, MIN_ROUTE_CALLS, type Snapshot, type Buckets, type Rates } from './summary';
export { serveMetrics, metricsPortOf } from './serve';
