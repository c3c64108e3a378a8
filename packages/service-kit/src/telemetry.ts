// OpenTelemetry for a service or the gateway: Fastify request spans (@fastify/otel), outgoing undici/fetch
// spans (the gateway's proxy uses undici), MongoDB command spans, and trace context in HTTP and NATS headers.
// The exporter comes from the standard OTEL_* environment; with none set, spans are not exported
// (`npm run traces` sets OTEL_TRACES_EXPORTER=zipkin and its endpoint: see deploy/local/traces.mjs).
import FastifyOtelInstrumentation from '@fastify/otel';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { markTelemetryStarted } from './telemetry-state';

let sdk: NodeSDK | undefined;

export function startTelemetry(serviceName: string, { exporter }: { exporter?: SpanExporter } = {}) {
  if (sdk) return sdk;
  const configured = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
    || (process.env.OTEL_TRACES_EXPORTER && process.env.OTEL_TRACES_EXPORTER !== 'none'));
  // With nowhere to send spans, the SDK would only cost CPU (about a third of the gateway's, measured).
  if (!configured && !exporter) return undefined;
  if (!process.env.OTEL_SERVICE_NAME) process.env.OTEL_SERVICE_NAME = serviceName;
  // Traces only unless metrics and logs are asked for explicitly.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  sdk = new NodeSDK({
    serviceName,
    ...(exporter ? { spanProcessors: [new SimpleSpanProcessor(exporter)] } : {}),
    instrumentations: [
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (opts: { url: string }) => opts.url.startsWith('/healthz') || opts.url.startsWith('/readyz') }),
      new UndiciInstrumentation(),
      // Patches the driver mongoose loads, so telemetry must start before mongoose is imported (server.ts does).
      // Only commands under a request, consumer or RPC span: the relay's and leases' polling would bury the rest.
      new MongoDBInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  markTelemetryStarted();
  return sdk;
}

export async function stopTelemetry() {
  await sdk?.shutdown();
  sdk = undefined;
  markTelemetryStarted(false);
}
