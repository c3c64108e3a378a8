// Issue 2 §4: one trace spans gateway → service → NATS consumer. Telemetry starts before any app is
// built; the request goes over real HTTP (not inject) so the trace context travels in headers.
import { request as httpRequest } from 'node:http';
import { startTelemetry, stopTelemetry } from '@lp/service-kit/telemetry';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';

const exporter = new InMemorySpanExporter();
startTelemetry('gateway-test', { exporter });

// Loaded after telemetry has started.
const { buildTestService, createTestKeys, eventually } = await import('@lp/service-kit/testing');
const { buildGateway } = await import('../src/app');
const { gatewayOptions } = await import('./helpers');

type App = Awaited<ReturnType<typeof buildGateway>>;
let service: App;
let gateway: App;
const handled = new Set<string>();
const consumerName = `trace-test-${process.pid}-${Date.now()}`;

beforeAll(async () => {
  const keys = await createTestKeys();
  service = await buildTestService({
    name: 'feedback',
    description: 'trace test',
    app: async (app) => {
      app.post('/api/feedback-trace-test', async () => {
        const event = await app.bus.publish('feedback.ticket.created', { ticketNumber: 'FB-TRACE', userId: '64b7f0c2a1b2c3d4e5f60718', category: 'other', subject: 'trace', createdAt: new Date().toISOString() });
        return { id: event.id };
      });
    },
    consumers: () => [{ name: consumerName, event: 'feedback.ticket.created', handle: async (event) => { handled.add(event.id); } }],
  }, keys) as unknown as App;
  const serviceUrl = await service.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildGateway(gatewayOptions({
    upstreams: { feedback: serviceUrl },
    routes: [{ method: 'POST', url: '/api/feedback-trace-test', owner: 'feedback' }],
    verifier: keys.verifier,
  }));
  await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway?.close();
  await service?.close();
  await stopTelemetry();
});

/** A plain node:http call: not instrumented, so the gateway's span is the root of the trace. */
function post(url: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => { text += c; }).on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

it('one trace spans gateway → service → NATS consumer', async () => {
  const address = gateway.server.address() as { port: number };
  const res = await post(`http://127.0.0.1:${address.port}/api/feedback-trace-test`, '{}');
  expect(res.status).toBe(200);
  const { id } = JSON.parse(res.body) as { id: string };
  await eventually(async () => handled.has(id));

  const spans = await eventually(async () => {
    const all = exporter.getFinishedSpans();
    const consumer = all.find((s) => s.name === 'consume feedback.ticket.created' && s.attributes['messaging.message.id'] === id);
    const requests = all.filter((s) => s.name === 'request' && s.attributes['http.route'] === '/api/feedback-trace-test');
    return consumer && requests.length >= 2 ? { all, consumer, requests } : undefined;
  });
  const byId = new Map(spans.all.map((s) => [s.spanContext().spanId, s]));
  const parentOf = (s: ReadableSpan) => byId.get(s.parentSpanContext?.spanId ?? '');

  // The gateway's request span is the root; the service's request span hangs under the gateway's
  // undici client span; the consumer's span hangs under the service's publish span.
  const gatewaySpan = spans.requests.find((s) => !s.parentSpanContext);
  const serviceSpan = spans.requests.find((s) => parentOf(s)?.kind === SpanKind.CLIENT);
  expect(gatewaySpan, 'gateway request span (root)').toBeDefined();
  expect(serviceSpan, 'service request span under an HTTP client span').toBeDefined();
  expect(gatewaySpan!.kind).toBe(SpanKind.SERVER);
  expect(serviceSpan!.kind).toBe(SpanKind.SERVER);
  expect(parentOf(spans.consumer)?.name).toBe('publish feedback.ticket.created');

  const traceId = gatewaySpan!.spanContext().traceId;
  expect(serviceSpan!.spanContext().traceId).toBe(traceId);
  expect(spans.consumer.spanContext().traceId).toBe(traceId);
});
