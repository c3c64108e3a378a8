// The launcher: listen on PORT and close with grace on SIGINT/SIGTERM.
import closeWithGrace from 'close-with-grace';
import { drainAndClose, drainGraceMs } from './drain';
import { createService, type ServiceDefinition } from './service';
import { metricsPortOf, serveMetrics } from './metrics/serve';

export async function runService(def: ServiceDefinition) {
  // Tests only: crash tests run a real service process beside the other test files, on its own database
  // (LP_DB_NAME) and NATS instance tag (LP_INSTANCE_TAG).
  const app = await createService(def, {
    ...(process.env.LP_INSTANCE_TAG ? { instanceTag: process.env.LP_INSTANCE_TAG } : {}),
    ...(process.env.LP_DB_NAME ? { dbName: process.env.LP_DB_NAME } : {}),
  });
  const graceMs = drainGraceMs();
  // The grace is within close-with-grace's delay, after which the process ends whatever is still open.
  closeWithGrace({ delay: graceMs + 10_000 }, async ({ err, signal }) => {
    if (err) {
      app.log.error({ err }, 'closing after an error');
      await app.close();
      return;
    }
    app.log.warn({ signal, graceMs }, 'draining, then closing'); // warn: a service going away is worth seeing in a quiet log
    await drainAndClose(app, graceMs);
  });
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
