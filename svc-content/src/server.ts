import { startTelemetry } from '@lp/service-kit/telemetry';

startTelemetry('svc-content');
const { runService } = await import('@lp/service-kit');
const { contentService } = await import('./app');
await runService(contentService);
