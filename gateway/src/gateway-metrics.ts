// The gateway's own metrics (issue 29 §2): RED per route (the route table's template, or the Fastify route that
// answered), the event-loop delay; over OTLP when configured, and as Prometheus text on a port of its own
// (GATEWAY_METRICS_PORT) because the gateway's port is the public origin and `/metrics` must not be served there.
import type { IncomingMessage } from 'node:http';
import { createMetrics, type Metrics } from '@lp/service-kit/metrics';

/** The route a request is counted under, set by whoever handles it (Fastify's onRequest, the fast path). */
const ROUTE = Symbol('lp.metricsRoute');
type Labelled = IncomingMessage & { [ROUTE]?: string };

export class GatewayMetrics {
  readonly metrics: Metrics = createMetrics('gateway');

  /** One answered request: `startedMs` from performance.now(). A few tens of nanoseconds (timings.ts). */
  record(route: string, method: string, status: number, startedMs: number) {
    this.metrics.http.record(`${method} ${route} ${status}`, { 'http.route': route, 'http.request.method': method, 'http.response.status_code': status }, (performance.now() - startedMs) / 1000);
  }

  static label(req: IncomingMessage, route: string) {
    (req as Labelled)[ROUTE] = route;
  }

  /** The route a request was labelled with; requests no route took (static files, pages) count as `other`. */
  static routeOf(req: IncomingMessage) {
    return (req as Labelled)[ROUTE] ?? 'other';
  }
}
