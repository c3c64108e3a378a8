// Start-up only: telemetry first (so Fastify and undici are instrumented), then the gateway on PORT.
//
// Telemetry costs the gateway about a third of its CPU per request (async context on every promise, spans,
// diagnostics channels) even when nothing is exported, so by default it runs only when an exporter is
// configured through the standard OTEL_* variables. GATEWAY_TELEMETRY=on|off overrides.

export {}; // an ES module (top-level await) whose every import is dynamic, so telemetry comes first

const env = process.env;
const exporterConfigured = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (env.OTEL_TRACES_EXPORTER && env.OTEL_TRACES_EXPORTER !== 'none'));
const telemetry = env.GATEWAY_TELEMETRY === 'on' || (env.GATEWAY_TELEMETRY !== 'off' && exporterConfigured);
if (telemetry) {
  // Metrics and logs are not exported unless asked for (the SDK's default would push metrics to localhost:4318).
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) env.OTEL_METRICS_EXPORTER ??= 'none';
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT) env.OTEL_LOGS_EXPORTER ??= 'none';
  // Loaded only when on: the SDK held in memory for nothing would lengthen every full garbage collection.
  const { startTelemetry } = await import('@lp/service-kit/telemetry');
  startTelemetry('gateway');
}

const { buildGateway } = await import('./app');
const { readGatewayConfig } = await import('./config');

const { closeOnSignal } = await import('@lp/service-kit/edge');

const app = await buildGateway(readGatewayConfig());
// On SIGTERM: /readyz 503 for LP_DRAIN_GRACE_MS (the balancer notices), then close with calls in flight answered.
closeOnSignal(app);
await app.listen({ port: Number(env.PORT ?? 8080), host: env.HOST ?? '127.0.0.1' });
app.log.info({ telemetry }, 'gateway listening');
