// The launcher: listen on PORT and close with grace on SIGINT/SIGTERM.
import { closeOnSignal } from './drain';
import { createService, type ServiceDefinition } from './service';
import { metricsPortOf, serveMetrics } from './metrics/serve';

export async function runService(def: ServiceDefinition) {
  // Tests only: crash tests run a real service process beside the other test files, on its own database
  // (LP_DB_NAME) and NATS instance tag (LP_INSTANCE_TAG).
  const app = await createService(def, {
    ...(process.env.LP_INSTANCE_TAG ? { instanceTag: process.env.LP_INSTANCE_TAG } : {}),
    ...(process.env.LP_DB_NAME ? { dbName: process.env.LP_DB_NAME } : {}),
  });
  closeOnSignal(app, 'warn');
  const port = Number(process.env.PORT ?? 0);
  await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
  // `/metrics` is on the service's port too (the gateway's owner view reads it there); METRICS_PORT adds a port
  // that serves nothing else, for a cluster's scraper (deploy/k8s).
  const metricsPort = metricsPortOf(process.env.METRICS_PORT, 'METRICS_PORT');
  if (metricsPort !== undefined) {
    const server = await serveMetrics(app.metrics, metricsPort, process.env.HOST ?? '127.0.0.1');
    app.addHook('onClose', (_app, done) => { server.close(() => done()); });
  }
  return app;
}
