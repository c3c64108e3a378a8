// Issue 29 §1 and §4: a log line says which trace it belongs to, and an event the outbox relay sends later (the
// request that recorded it died first) still belongs to that request's trace, down to its consumer.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { startTelemetry, stopTelemetry } from '../src/telemetry';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticket } from './support/ticket-event';

const exporter = new InMemorySpanExporter();
startTelemetry('trace-context-test', { exporter });

const { createService } = await import('../src/index');
const { createTestKeys, eventually, uniqueDbName, uniqueInstanceTag } = await import('../src/testing/index');
const { loggerOptions } = await import('../src/logging');
const { default: pino } = await import('pino');

type App = Awaited<ReturnType<typeof createService>>;
let app: App;
const handled = new Map<string, string | undefined>();
const EVENT = 'feedback.ticket.created';

beforeAll(async () => {
  const keys = await createTestKeys();
  app = await createService({
    name: 'feedback', description: 'trace context test', app: async () => {},
    consumers: () => [{ name: `trace-${randomUUID().slice(0, 8)}`, event: EVENT, handle: async (e) => { handled.set(e.id, trace.getActiveSpan()?.spanContext().traceId); } }],
  }, { dbName: uniqueDbName('kit'), verifier: keys.verifier, logger: false, instanceTag: uniqueInstanceTag(), relay: { intervalMs: 200, graceMs: 300 } });
});
afterAll(async () => {
  await app?.close();
  await stopTelemetry();
});

it('puts the active trace and span ids on every log line, and none where no span is active', () => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  const log = pino(loggerOptions('info'), stream);
  const { traceId, spanId } = trace.getTracer('test').startActiveSpan('work', (span) => {
    log.info('inside');
    log.child({ reqId: 'r1' }).warn('inside, child');
    span.end();
    return span.spanContext();
  });
  log.info('outside');
  expect(lines.map((l) => [l.msg, l.trace_id, l.span_id])).toEqual([
    ['inside', traceId, spanId], ['inside, child', traceId, spanId], ['outside', undefined, undefined],
  ]);
});

it('an event the relay sends later is published and consumed in the trace of the request that recorded it', async () => {
  let traceId = '';
  const recorded = await trace.getTracer('test').startActiveSpan('request', async (span) => {
    traceId = span.spanContext().traceId;
    // Recorded but not flushed: as if the process died before publishing it. The relay sends it.
    const envelope = await app.bus.record(EVENT, ticket(7));
    span.end();
    return envelope;
  });
  await eventually(async () => handled.has(recorded.id), { timeoutMs: 15_000 });
  expect(handled.get(recorded.id)).toBe(traceId);
  const publish = exporter.getFinishedSpans().find((s) => s.name === `publish ${EVENT}` && s.attributes['messaging.message.id'] === recorded.id);
  expect(publish?.spanContext().traceId).toBe(traceId);
});
