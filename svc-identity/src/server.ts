import { startTelemetry } from '@lp/service-kit/telemetry';

startTelemetry('svc-identity');
const { runService } = await import('@lp/service-kit');
const { identityService } = await import('./app');
await runService(identityService);
