import { startTelemetry } from '@lp/service-kit/telemetry';

startTelemetry('svc-billing');
const { runService } = await import('@lp/service-kit');
const { billingService } = await import('./app');
await runService(billingService);
