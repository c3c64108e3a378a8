// OpenTelemetry for a service or the gateway: Fastify request spans (@fastify/otel), outgoing undici/fetch
// spans (the gateway's proxy uses undici), and trace context in HTTP and NATS headers.
// The exporter comes from the standard OTEL_* environment; with none set, spans are not exported.
import FastifyOtelInstrumentation from '@fastify/otel';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';

let sdk: NodeSDK | undefined;

export function startTelemetry(serviceName: string, { exporter }: { exporter?: SpanExporter } = {}) {
  if (sdk) return sdk;
  const configured = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_TRACES_EXPORTER);
  if (!process.env.OTEL_SERVICE_NAME) process.env.OTEL_SERVICE_NAME = serviceName;
  if (!configured && !exporter) process.env.OTEL_TRACES_EXPORTER = 'none';
  sdk = new NodeSDK({
    serviceName,
    ...(exporter ? { spanProcessors: [new SimpleSpanProcessor(exporter)] } : {}),
    instrumentations: [
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (opts: { url: string }) => opts.url.startsWith('/healthz') || opts.url.startsWith('/readyz') }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  return sdk;
}

export async function stopTelemetry() {
  await sdk?.shutdown();
  sdk = undefined;
}
