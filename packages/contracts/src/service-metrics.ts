// The owner's live metrics view (issue 29 §2): the gateway's own route reading every service instance's Prometheus
// `/metrics` (and its own), summed per service, as rates over the last few seconds. Served by the gateway itself.
import { Type, type Static } from '@sinclair/typebox';
import { ErrorResponses } from './route';

const Rate = Type.Union([Type.Number(), Type.Null()]);

/** One durable JetStream consumer's lag: events not yet delivered plus delivered and not yet acknowledged. */
export const ConsumerLag = Type.Object({ consumer: Type.String(), lag: Type.Integer({ minimum: 0 }) });

/** One service (all its instances) or the gateway answering; null where nothing was measured in the window. */
export const ServiceMetricsRow = Type.Object({
  service: Type.String({ description: "'gateway' or a service name" }),
  instances: Type.Integer({ minimum: 0 }),
  /** Instances whose /metrics answered; the row sums those. */
  reachable: Type.Integer({ minimum: 0 }),
  error: Type.Optional(Type.String()),
  requestsPerSecond: Rate,
  /** Share of requests answered 5xx (0-1). */
  errorRatio: Rate,
  p95Seconds: Rate,
  /** The route (`METHOD /template`) with the highest p95 among those called at least 5 times in the window. */
  slowestRoute: Type.Union([Type.Object({ route: Type.String(), p95Seconds: Type.Number() }), Type.Null()]),
  eventLoopDelayP99Seconds: Rate,
  outboxBacklog: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  outboxOldestAgeSeconds: Rate,
  consumers: Type.Array(ConsumerLag),
  dbP95Seconds: Rate,
});
export type ServiceMetricsRow = Static<typeof ServiceMetricsRow>;

export const ServiceMetrics = Type.Object({
  sampledAt: Type.String({ format: 'date-time' }),
  /** The seconds the rates and percentiles cover. */
  windowSeconds: Type.Number({ minimum: 0 }),
  /** Where a value stops being normal (the alert rules' thresholds), for the page to mark. */
  thresholds: Type.Object({ p95Seconds: Type.Number(), outboxOldestAgeSeconds: Type.Number(), errorRatio: Type.Number() }),
  rows: Type.Array(ServiceMetricsRow),
});
export type ServiceMetrics = Static<typeof ServiceMetrics>;

export const GetServiceMetrics = {
  method: 'GET',
  url: '/api/admin/metrics',
  access: 'admin',
  summary: 'Request rate, errors, p95, event-loop delay, outbox, consumer lag and database p95 per service (owner with admin elevation)',
  description: 'Served by the gateway from every instance’s /metrics. 401 without a session, 403 without the owner role and a live admin elevation.',
  response: { 200: ServiceMetrics, ...ErrorResponses },
} as const;
