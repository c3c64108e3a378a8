// One process's metrics: an OpenTelemetry MeterProvider with a Prometheus reader (serialised on demand for
// `/metrics`, no server of its own) and, when an OTLP endpoint is configured through the standard OTEL_* variables,
// a periodic OTLP exporter. Request and database durations are cheap Timings (timings.ts) fed to both readers;
// gauges that cost a query are read only when a reader collects (sampled.ts).
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type MetricProducer, type MetricReader } from '@opentelemetry/sdk-metrics';
import { hostname } from 'node:os';
import type { Meter } from '@opentelemetry/api';
import { observeEventLoopDelay } from './event-loop';
import { Timings } from './timings';

export const HTTP_DURATION = 'http.server.request.duration';
export const DB_DURATION = 'db.client.operation.duration';

export interface Metrics {
  meter: Meter;
  /** Per route, method and status: the RED metrics (rate and errors are its counts). */
  http: Timings;
  /** Per database command and collection. */
  db: Timings;
  /** The Prometheus text exposition of everything, collected now. */
  prometheusText(): Promise<string>;
  shutdown(): Promise<void>;
}

/**
 * Whether metrics are pushed over OTLP: LP_METRICS_OTLP=on|off, else whenever an OTLP endpoint is configured.
 * OTEL_METRICS_EXPORTER is not read: telemetry.ts sets it to `none` to keep the tracing SDK from starting metrics of
 * its own, which says nothing about these.
 */
export function otlpMetricsConfigured(env: NodeJS.ProcessEnv = process.env) {
  if (env.LP_METRICS_OTLP === 'on' || env.LP_METRICS_OTLP === 'off') return env.LP_METRICS_OTLP === 'on';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT);
}

export function createMetrics(serviceName: string, { otlp = otlpMetricsConfigured() }: { otlp?: boolean } = {}): Metrics {
  const http = new Timings({ name: HTTP_DURATION, description: 'Duration of HTTP requests answered, by route, method and status' });
  const db = new Timings({ name: DB_DURATION, description: 'Duration of database commands, by command and collection' });
  const timings: MetricProducer = {
    collect: async () => ({
      resourceMetrics: { resource: resourceFromAttributes({}), scopeMetrics: [{ scope: { name: 'lp' }, metrics: [http.metricData(), db.metricData()] }] },
      errors: [],
    }),
  };
  const prometheus = new PrometheusExporter({ preventServerStart: true, metricProducers: [timings] });
  const readers: MetricReader[] = [prometheus];
  if (otlp) {
    const interval = Number(process.env.OTEL_METRIC_EXPORT_INTERVAL ?? 15_000);
    readers.push(new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: interval, metricProducers: [timings] }));
  }
  // Each process its own series: replicas pushing through any collector replica never overwrite one another.
  const resource = resourceFromAttributes({ 'service.name': serviceName, 'service.instance.id': `${hostname()}:${process.pid}` });
  const provider = new MeterProvider({ resource, readers });
  const meter = provider.getMeter('lp');
  const stopEventLoop = observeEventLoopDelay(meter);
  const serializer = new PrometheusSerializer('', false, undefined, false, true);
  return {
    meter,
    http,
    db,
    async prometheusText() {
      const { resourceMetrics } = await prometheus.collect();
      return serializer.serialize(resourceMetrics);
    },
    async shutdown() {
      stopEventLoop();
      await provider.shutdown();
    },
  };
}
