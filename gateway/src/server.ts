// Start-up only: telemetry first (so Fastify and undici are instrumented), then the gateway on PORT.
import { startTelemetry } from '@lp/service-kit/telemetry';
import closeWithGrace from 'close-with-grace';

startTelemetry('gateway');
const { buildGateway } = await import('./app');
const { readGatewayConfig } = await import('./config');

const app = await buildGateway(readGatewayConfig());
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await app.close();
});
await app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? '127.0.0.1' });
