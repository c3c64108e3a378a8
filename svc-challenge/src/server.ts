import { startTelemetry } from '@lp/service-kit/telemetry';

startTelemetry('svc-challenge');
const { runService } = await import('@lp/service-kit');
const { challengeService } = await import('./app');
await runService(challengeService);
