// Metrics (issue 29 §2) as a scrape of `GET /metrics` shows them: the RED histogram a request adds to (route,
// method, status), the database commands it sent (command, collection), the event-loop delay; the outbox backlog and
// its age while events wait; a stalled consumer's lag. And the summary the gateway's owner view makes of them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type ServiceApp, type ServiceDefinition } from '../src/index';
import type { ConsumerDefinition } from '../src/events/bus';
import { parseExposition, quantile, ratesBetween, snapshotOf, type Sample } from '../src/metrics/index';
import { createTestKeys, eventually, uniqueDbName, type TestKeys } from '../src/testing/index';
import { startOwnNats, type OwnNats } from '../../../deploy/local/own-nats.mjs';
import { ticket } from './support/ticket-event';

const EVENT = 'feedback.ticket.created';
let keys: TestKeys;
let nats: OwnNats;
const apps: ServiceApp[] = [];

beforeAll(async () => {
  keys = await createTestKeys();
  nats = await startOwnNats();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await nats.remove();
});

async function start(consumers: ConsumerDefinition<never>[] = []) {
  const def: ServiceDefinition = {
    name: 'feedback', description: 'kit test',
    app: async (app) => {
      app.get('/api/things/:id', async (request, reply) => {
        const { id } = request.params as { id: string };
        if (id === 'broken') return reply.status(500).send({ message: 'broken' });
        await app.db.collection('things').findOne({ _id: id as never });
        return { id };
      });
    },
    consumers: () => consumers,
  };
  // A relay that never runs during the test: what is recorded stays in the outbox.
  const app = await createService(def, { dbName: uniqueDbName('metrics'), verifier: keys.verifier, logger: false, config: { natsUrl: nats.url }, relay: { intervalMs: 3_600_000, graceMs: 3_600_000 } });
  apps.push(app);
  return app;
}

async function scrape(app: ServiceApp): Promise<Sample[]> {
  const res = await app.inject('/metrics');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parseExposition(res.body);
}
const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('a service’s /metrics', () => {
  it('counts a request under its route template, method and status, with its duration and the database commands it sent', async () => {
    const app = await start();
    for (const id of ['a', 'b', 'c']) expect((await app.inject(`/api/things/${id}`)).statusCode).toBe(200);
    expect((await app.inject('/api/things/broken')).statusCode).toBe(500);
    const samples = await scrape(app);
    const ok = { http_route: '/api/things/:id', http_request_method: 'GET', http_response_status_code: '200' };
    expect(value(samples, 'http_server_request_duration_count', ok)).toBe(3);
    expect(value(samples, 'http_server_request_duration_bucket', { ...ok, le: '+Inf' })).toBe(3);
    expect(value(samples, 'http_server_request_duration_count', { ...ok, http_response_status_code: '500' })).toBe(1);
    // Probes and the scrape itself are not the service's work.
    expect(samples.some((s) => s.labels.http_route === '/healthz' || s.labels.http_route === '/metrics')).toBe(false);
    expect(value(samples, 'db_client_operation_duration_count', { db_operation_name: 'find', db_collection_name: 'things' })).toBe(3);
    expect(value(samples, 'nodejs_eventloop_delay_p99')).toBeGreaterThanOrEqual(0);

    const summary = snapshotOf(samples);
    expect(summary).toMatchObject({ requests: 4, errors: 1 });
    expect(ratesBetween({ ...summary, requests: 0, errors: 0, duration: [], db: [] }, summary, 2)).toMatchObject({ requestsPerSecond: 2, errorRatio: 0.25 });
  });

  it('shows events waiting in the outbox and how old the oldest is', async () => {
    const app = await start();
    await app.bus.record(EVENT, ticket(901));
    await app.bus.record(EVENT, ticket(902));
    await new Promise((r) => setTimeout(r, 1100));
    const samples = await scrape(app);
    expect(value(samples, 'lp_outbox_backlog')).toBe(2);
    expect(value(samples, 'lp_outbox_oldest_age')).toBeGreaterThanOrEqual(1);
  });

  it("shows a stalled consumer's lag: events published that it has not acknowledged", async () => {
    let release!: () => void;
    const stalled = new Promise<void>((r) => { release = r; });
    const consumer = `stalled-${randomUUID().slice(0, 8)}`;
    const app = await start([{ name: consumer, event: EVENT, ackWaitMs: 60_000, handle: () => stalled } as ConsumerDefinition<never>]);
    const durable = `feedback-${consumer}`;
    for (let n = 0; n < 60; n++) await app.bus.publish(EVENT, ticket(1000 + n));
    const lag = await eventually(async () => {
      const s = await scrape(app);
      const lagOf = (name: string) => value(s, name, { messaging_consumer_group_name: durable }) ?? 0;
      const total = lagOf('lp_consumer_pending') + lagOf('lp_consumer_ack_pending');
      return total === 60 ? snapshotOf(s).consumerLag[durable] : undefined;
    }, { timeoutMs: 15_000, intervalMs: 500 });
    expect(lag).toBe(60);
    release();
  });
});

describe('percentiles from a cumulative histogram', () => {
  it('interpolates within the bucket, as histogram_quantile does, and is null without observations', () => {
    const buckets = [{ le: 0.01, count: 50 }, { le: 0.1, count: 100 }, { le: Infinity, count: 100 }];
    expect(quantile(0.5, buckets)).toBeCloseTo(0.01);
    expect(quantile(0.95, buckets)).toBeCloseTo(0.091);
    expect(quantile(0.95, [{ le: Infinity, count: 0 }])).toBeNull();
  });

  it('reads the +Inf bucket of an exposition: a p95 among calls slower than the last bound is that bound, not NaN', () => {
    const exposition = (slow: number) => parseExposition([
      `http_server_request_duration_count{http_route="/a",http_request_method="GET",http_response_status_code="200"} ${100 + slow}`,
      `http_server_request_duration_bucket{http_route="/a",http_request_method="GET",http_response_status_code="200",le="0.5"} 100`,
      `http_server_request_duration_bucket{http_route="/a",http_request_method="GET",http_response_status_code="200",le="+Inf"} ${100 + slow}`,
    ].join('\n'));
    expect(snapshotOf(exposition(0)).duration.at(-1)).toEqual({ le: Infinity, count: 100 });
    expect(ratesBetween(snapshotOf(exposition(0)), snapshotOf(exposition(50)), 5).p95Seconds).toBe(0.5);
  });

  it('names the slowest route over the window, among routes called at least a few times', () => {
    const exposition = (fast: number, slow: number, rare: number) => parseExposition([
      ['GET', '/api/fast', fast, 0.01], ['POST', '/api/slow', slow, 0.5], ['GET', '/api/rare', rare, 10],
    ].flatMap(([method, route, n, le]) => [
      `http_server_request_duration_count{http_route="${route}",http_request_method="${method}",http_response_status_code="200"} ${n}`,
      `http_server_request_duration_bucket{http_route="${route}",http_request_method="${method}",http_response_status_code="200",le="${le}"} ${n}`,
      `http_server_request_duration_bucket{http_route="${route}",http_request_method="${method}",http_response_status_code="200",le="+Inf"} ${n}`,
    ]).join('\n'));
    // Before the window: the slow route was called; in it, only the fast one was enough times (the rare one twice).
    const rates = ratesBetween(snapshotOf(exposition(10, 50, 0)), snapshotOf(exposition(110, 52, 2)), 10);
    expect(rates.slowestRoute?.route).toBe('GET /api/fast');
    expect(ratesBetween(snapshotOf(exposition(0, 0, 0)), snapshotOf(exposition(110, 52, 2)), 10).slowestRoute?.route).toBe('POST /api/slow');
  });
});

describe('metrics over OTLP', () => {
  it('are pushed to the configured endpoint, with the service name, when an OTLP endpoint is set', async () => {
    const { createServer } = await import('node:http');
    const bodies: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => { bodies.push(`${req.url} ${body}`); res.writeHead(200, { 'content-type': 'application/json' }).end('{}'); });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const saved = { ...process.env };
    process.env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/v1/metrics`;
    process.env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL = 'http/json';
    process.env.OTEL_METRIC_EXPORT_INTERVAL = '200';
    const { createMetrics, otlpMetricsConfigured } = await import('../src/metrics/metrics');
    expect(otlpMetricsConfigured()).toBe(true);
    expect(otlpMetricsConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', LP_METRICS_OTLP: 'off' })).toBe(false);
    expect(otlpMetricsConfigured({ OTEL_METRICS_EXPORTER: 'none' })).toBe(false);
    const metrics = createMetrics('svc-otlp-test');
    try {
      metrics.http.record('GET /x 200', { 'http.route': '/x', 'http.request.method': 'GET', 'http.response.status_code': 200 }, 0.004);
      const sent = await eventually(async () => bodies.find((b) => b.includes('http.server.request.duration')), { timeoutMs: 10_000 });
      expect(sent).toMatch(/^\/v1\/metrics /);
      expect(sent).toContain('svc-otlp-test');
    } finally {
      await metrics.shutdown();
      process.env = saved;
      receiver.close();
    }
  });
});
