// The launcher: listen on PORT and close with grace on SIGINT/SIGTERM.
import closeWithGrace from 'close-with-grace';
import { createService, type ServiceDefinition } from './service';

export async function runService(def: ServiceDefinition) {
  const app = await createService(def);
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });
  const port = Number(process.env.PORT ?? 0);
  await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
  return app;
}
