import { startTelemetry } from '@lp/service-kit/telemetry';

startTelemetry('svc-study');
const { runService } = await import('@lp/service-kit');
const { studyService } = await import('./app');
await runService(studyService);
