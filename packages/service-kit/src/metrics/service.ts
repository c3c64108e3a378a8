// A service's metrics (issue 29 §2): RED per route from Fastify's onResponse, database command durations from the
// driver's command monitoring, the outbox backlog and its oldest event's age, each durable consumer's lag, and the
// event-loop delay (metrics.ts); served as Prometheus text on `GET /metrics` on the service's own port, which the
// gateway never routes (it proxies only the contracts' `/api` routes).
import type { FastifyInstance } from 'fastify';
import type { Connection } from 'mongoose';
import type { EventBus } from '../events/bus';
import { createMetrics, type Metrics } from './metrics';
import { sampledEvery } from './sampled';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's metrics (metrics/service.ts). */
    metrics: Metrics;
  }
}

/** How often at most the outbox and the consumers are asked, however often metrics are collected. */
export const SAMPLE_EVERY_MS = 5_000;

/** Paths that are not the service's work: probes and the scrape itself. */
const UNMEASURED = new Set(['/metrics', '/healthz', '/readyz']);

export function installServiceMetrics(app: FastifyInstance, serviceName: string, { db, bus }: { db: Connection; bus: EventBus }): Metrics {
  const metrics = createMetrics(serviceName);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (!UNMEASURED.has(route)) {
      const status = reply.statusCode;
      metrics.http.record(`${request.method} ${route} ${status}`, { 'http.route': route, 'http.request.method': request.method, 'http.response.status_code': status }, reply.elapsedTime / 1000);
    }
    done();
  });
  observeDatabase(db, metrics);
  observeBus(bus, metrics);
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; version=0.0.4; charset=utf-8');
    return metrics.prometheusText();
  });
  app.addHook('onClose', async () => metrics.shutdown());
  app.decorate('metrics', metrics);
  return metrics;
}

/** Command durations by name and collection (the started event names the collection, the end event the time). */
function observeDatabase(db: Connection, metrics: Metrics) {
  const client = db.getClient();
  const collections = new Map<number, string>();
  client.on('commandStarted', (event) => {
    // The collection is the command's first value (`{ find: 'outbox', ... }`); a getMore names it in `collection`.
    const target = event.commandName === 'getMore' ? event.command.collection : event.command[event.commandName];
    collections.set(event.requestId, typeof target === 'string' ? target : '');
  });
  const ended = (event: { requestId: number; commandName: string; duration: number }) => {
    const collection = collections.get(event.requestId) ?? '';
    collections.delete(event.requestId);
    metrics.db.record(`${event.commandName} ${collection}`, { 'db.operation.name': event.commandName, 'db.collection.name': collection }, event.duration / 1000);
  };
  client.on('commandSucceeded', ended);
  client.on('commandFailed', ended);
}

function observeBus(bus: EventBus, metrics: Metrics) {
  const backlog = sampledEvery(SAMPLE_EVERY_MS, () => bus.outboxBacklog());
  const lag = sampledEvery(SAMPLE_EVERY_MS, () => bus.consumerLag());
  const { meter } = metrics;
  const events = meter.createObservableGauge('lp.outbox.backlog', { unit: '{event}', description: 'Events recorded in the outbox and not yet sent to NATS' });
  const age = meter.createObservableGauge('lp.outbox.oldest_age', { unit: 's', description: "Age of the outbox's oldest unsent event (0 when empty)" });
  meter.addBatchObservableCallback(async (result) => {
    const now = await backlog().catch(() => null);
    if (!now) return;
    result.observe(events, now.events);
    result.observe(age, now.oldestAgeSeconds);
  }, [events, age]);
  const pending = meter.createObservableGauge('lp.consumer.pending', { unit: '{event}', description: 'Events in the stream not yet delivered to the durable consumer (JetStream num_pending)' });
  const ackPending = meter.createObservableGauge('lp.consumer.ack_pending', { unit: '{event}', description: 'Events delivered to the durable consumer and not yet acknowledged' });
  meter.addBatchObservableCallback(async (result) => {
    for (const row of await lag().catch(() => [])) {
      result.observe(pending, row.pending, { 'messaging.consumer.group.name': row.consumer });
      result.observe(ackPending, row.ackPending, { 'messaging.consumer.group.name': row.consumer });
    }
  }, [pending, ackPending]);
}
