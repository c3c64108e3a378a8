// Issue 29 §4: a request's log lines carry its trace id even with telemetry off, from the traceparent the browser
// sent, so the "Reference" of an error toast finds the lines that explain it in the process's log.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { loggerOptions, requestLogger } from '../src/logging';
import { markTelemetryStarted } from '../src/telemetry-state';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

async function logsOf(headers: Record<string, string>) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  const app = Fastify({ logger: { ...loggerOptions('info'), stream }, childLoggerFactory: requestLogger });
  app.get('/answer', async (request) => {
    request.log.warn('the answer key could not be read');
    return { ok: true };
  });
  await app.inject({ method: 'GET', url: '/answer', headers });
  await app.close();
  return lines.filter((l) => l.reqId !== undefined);
}

afterEach(() => markTelemetryStarted(false));

it("puts the caller's trace id on each line of its request when telemetry is off", async () => {
  const lines = await logsOf({ traceparent: TRACEPARENT });
  expect(lines.map((l) => l.msg)).toContain('the answer key could not be read');
  for (const line of lines) expect(line.trace_id, String(line.msg)).toBe(TRACE_ID);
});

it('adds none for a call without a valid traceparent', async () => {
  const cases: Array<Record<string, string>> = [{}, { traceparent: 'not-a-trace' }, { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` }];
  for (const headers of cases) {
    const lines = await logsOf(headers);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toHaveProperty('trace_id');
  }
});

it('leaves it to the span when telemetry is on (one trace_id per line, never two)', async () => {
  markTelemetryStarted();
  const lines = await logsOf({ traceparent: TRACEPARENT });
  for (const line of lines) expect(line).not.toHaveProperty('trace_id'); // no span in this test: the mixin adds none
});
