// The launcher: listen on PORT and close with grace on SIGINT/SIGTERM.
import closeWithGrace from 'close-with-grace';
import { createService, type ServiceDefinition } from './service';

export async function runService(def: ServiceDefinition) {
  // Tests only: crash tests run a real service process beside the other test files, on its own database
  // (LP_DB_NAME) and NATS instance tag (LP_INSTANCE_TAG).
  const app = await createService(def, {
    ...(process.env.LP_INSTANCE_TAG ? { instanceTag: process.env.LP_INSTANCE_TAG } : {}),
    ...(process.env.LP_DB_NAME ? { dbName: process.env.LP_DB_NAME } : {}),
  });
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.warn({ signal }, 'closing'); // warn: a service going away is worth seeing in a quiet log
    await app.close();
  });
  const port = Number(process.env.PORT ?? 0);
  await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
  return app;
}
