import { startTelemetry } from '@lp/service-kit/telemetry';

startTelemetry('svc-feedback');
const { runService } = await import('@lp/service-kit');
const { feedbackService } = await import('./app');
await runService(feedbackService);
