// `npm run traces` (or `npm start -- --traces`): a local trace viewer beside the stack, and the environment that
// makes every service and the gateway send it their spans. The viewer is Zipkin (tools.mjs says why not Jaeger);
// the processes export with OpenTelemetry's Zipkin exporter, which the Node SDK already carries.
import { join } from 'node:path';
import { startProcess, waitForHttp } from './processes.mjs';
import { ensureZipkin } from './tools.mjs';

/** The viewer's port: 9411 (Zipkin's own) plus the stack's offset. */
export const traceViewerPort = (offset = 0) => 9411 + offset;

/**
 * Starts Zipkin (spans kept in memory: a restart forgets them) and waits until it answers. Returns its URL and the
 * environment for the services and the gateway.
 */
export async function startTraceViewer({ offset = 0, logs, echo = false, supervise = false }) {
  const jar = ensureZipkin();
  const port = traceViewerPort(offset);
  const base = `http://127.0.0.1:${port}`;
  const ready = (h) => waitForHttp(h, `${base}/health`, 120_000);
  const h = startProcess('trace-viewer', 'java', ['-Xms64m', '-Xmx512m', '-jar', jar], {
    env: { QUERY_PORT: String(port), STORAGE_TYPE: 'mem', MEM_MAX_SPANS: '200000' },
    logFile: join(logs, 'trace-viewer.log'), echo, supervise: supervise && { ready },
  });
  await ready(h);
  return { url: `${base}/zipkin/`, env: traceExportEnv(base) };
}

/** What makes the services and the gateway export their spans to the viewer at `base` (see service-kit telemetry.ts). */
export function traceExportEnv(base) {
  return {
    OTEL_TRACES_EXPORTER: 'zipkin',
    OTEL_EXPORTER_ZIPKIN_ENDPOINT: `${base}/api/v2/spans`,
    // A click's spans reach the viewer within a second, not the SDK's default five.
    OTEL_BSP_SCHEDULE_DELAY: '1000',
  };
}
