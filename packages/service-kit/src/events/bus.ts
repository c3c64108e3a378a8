// The event bus over NATS JetStream: publish with an outbox, durable idempotent consumers,
// and request/reply for reads across services.
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { Connection, Model } from 'mongoose';
import mongoose, { Schema } from 'mongoose';
import type { Logger } from 'pino';
import { failPoint, faultPoint } from '../once/fault';
import { LeaseBusyError, Leases } from '../once/lease';
import { insertOnce } from '../once/records';
import { contextFromHeaders, headersWithTrace } from './trace-context';
import { publishPush } from './push';
import type { PushMessage } from '@lp/contracts';

export const STREAM = 'EVENTS';
const tracer = trace.getTracer('lp-bus');

export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  data: T;
}

export interface ConsumerDefinition<T = unknown> {
  /** Durable name, unique within the service, e.g. 'entitlements'. */
  name: string;
  /** One event type (subject); one consumer per type keeps us compatible with nats-server 2.9. */
  event: string;
  handle: (event: EventEnvelope<T>) => Promise<void>;
  /** How long a delivered message may stay un-acked before redelivery. */
  ackWaitMs?: number;
  /** Delay before a failed message is delivered again. */
  retryDelayMs?: number;
  maxDeliver?: number;
}

interface OutboxDoc { _id: string; subject: string; payload: string; createdAt: Date }
function outboxSchema() {
  const schema = new Schema<OutboxDoc>({ _id: String, subject: String, payload: String, createdAt: Date }, { versionKey: false });
  schema.index({ createdAt: 1 }); // the relay reads what is due, oldest first
  return schema;
}
interface ProcessedDoc { _id: string; processedAt: Date }
interface SentDoc { _id: string; sentAt: Date }

export interface BusOptions {
  natsUrl: string;
  service: string;
  db: Connection;
  log: Logger;
  /** Subjects the EVENTS stream must capture (every known event type). */
  eventTypes: readonly string[];
  relayIntervalMs?: number;
  /** How old an outbox entry must be before the relay sends it (younger ones belong to a running request). */
  relayGraceMs?: number;
  /**
   * Tests only: a prefix for this instance's request/reply subjects and durable consumer names, so test files
   * sharing one NATS never answer each other's requests or take each other's events. Empty in production.
   */
  instanceTag?: string;
}

export class EventBus {
  private consumers: Array<{ stop: () => void; done: Promise<void> }> = [];
  private responders: Subscription[] = [];
  private relayTimer?: NodeJS.Timeout;
  private readonly outbox: Model<OutboxDoc>;
  private readonly processed: Model<ProcessedDoc>;
  /** Ids of events already sent: recording or flushing one again (a retried request) sends nothing. */
  private readonly sent: Model<SentDoc>;
  private readonly leases: Leases;
  private readonly finishers = new Map<string, (event: EventEnvelope<unknown>) => Promise<void>>();
  /** False from a disconnect until the client is back on a server (the connection itself stays open meanwhile). */
  private natsUp = true;
  /** Why the last relay pass could not run, or null when it ran: readiness reports it, and it is logged once. */
  private relayProblem: string | null = null;

  private constructor(readonly nc: NatsConnection, private readonly js: JetStreamClient, private readonly jsm: JetStreamManager, private readonly opts: BusOptions) {
    this.outbox = opts.db.models.Outbox as Model<OutboxDoc> ?? opts.db.model<OutboxDoc>('Outbox', outboxSchema(), 'outbox');
    this.processed = opts.db.models.ProcessedEvent as Model<ProcessedDoc> ?? opts.db.model<ProcessedDoc>('ProcessedEvent', new Schema<ProcessedDoc>({
      _id: String, processedAt: Date,
    }, { versionKey: false }), 'processed_events');
    this.sent = opts.db.models.SentEvent as Model<SentDoc> ?? opts.db.model<SentDoc>('SentEvent', new Schema<SentDoc>({
      _id: String, sentAt: Date,
    }, { versionKey: false }), 'outbox_sent');
    this.leases = new Leases(opts.db);
  }

  static async connect(opts: BusOptions): Promise<EventBus> {
    // Pings every 5 s: a server that vanished without closing the socket is noticed in about 15 s, not minutes.
    const nc = await connect({ servers: opts.natsUrl, name: opts.service, maxReconnectAttempts: -1, reconnectTimeWait: 1000, pingInterval: 5_000, maxPingOut: 2 });
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, opts.eventTypes);
    const bus = new EventBus(nc, jetstream(nc), jsm, opts);
    void bus.followStatus();
    bus.relayTimer = setInterval(() => void bus.relayOutbox(), opts.relayIntervalMs ?? 2000);
    bus.relayTimer.unref();
    return bus;
  }

  /** Whether NATS is reachable now: a client that is reconnecting is not (it only buffers what it is given). */
  get connected() {
    return this.natsUp && !this.nc.isClosed();
  }

  /** Whether the outbox relay's last pass ran (events a request could not send do reach NATS later). */
  get relayRunning() {
    return this.relayProblem === null;
  }

  private async followStatus() {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect') this.natsUp = false;
      if (status.type === 'reconnect') {
        this.natsUp = true;
        // What requests could not send while NATS was away goes out now, not at the next timer tick.
        void this.relayOutbox();
      }
    }
  }

  /**
   * Publishes an event durably: the envelope is first written to the service's outbox (keyed by its id), then
   * sent with Nats-Msg-Id = id, marked sent and removed from the outbox. A process that dies in between leaves the
   * event in the outbox, and the relay sends it later; an id marked sent is not sent again, NATS drops a copy it
   * already has (within the stream's duplicate window) and consumers drop ids they handled. Publishing is never the
   * only record of an event.
   */
  async publish<T>(type: string, data: T, { id = randomUUID() }: { id?: string } = {}): Promise<EventEnvelope<T>> {
    const envelope = await this.record(type, data, { id });
    await this.flush(envelope);
    return envelope;
  }

  /**
   * Writes an event to the outbox without sending it: call it before (or with) the state change the event
   * announces, finish the change, then `flush`. Recording the same id twice keeps the first envelope.
   */
  async record<T>(type: string, data: T, { id = randomUUID() }: { id?: string } = {}): Promise<EventEnvelope<T>> {
    const envelope: EventEnvelope<T> = { id, type, occurredAt: new Date().toISOString(), data };
    const payload = JSON.stringify(envelope);
    if (!(await insertOnce(this.outbox, { _id: id, subject: type, payload, createdAt: new Date() }))) {
      const stored = await this.outbox.findById(id).lean();
      if (stored) return JSON.parse(stored.payload) as EventEnvelope<T>;
    }
    faultPoint('outbox-written');
    return envelope;
  }

  /** Sends a recorded event now, unless it was sent before; if NATS cannot take it, it stays in the outbox for the relay. */
  async flush(envelope: EventEnvelope<unknown>) {
    try {
      await this.send(envelope.id, envelope.type, JSON.stringify(envelope));
    } catch (err) {
      this.opts.log.warn({ err, type: envelope.type, id: envelope.id }, 'event kept in the outbox for a later publish');
    }
  }

  /** Publishes once: an id already marked sent is only cleared from the outbox. */
  private async send(id: string, subject: string, payload: string) {
    if (!(await this.sent.exists({ _id: id }))) {
      await this.publishRaw(subject, id, payload);
      await insertOnce(this.sent, { _id: id, sentAt: new Date() });
    }
    await this.outbox.deleteOne({ _id: id });
  }

  /**
   * Registers how to finish the state change an event announces, for events of `type` left in the outbox by a
   * process that died before publishing them. The relay runs it (it must be idempotent) before sending the event.
   */
  beforeRelay(type: string, finish: (event: EventEnvelope<never>) => Promise<void>) {
    this.finishers.set(type, finish as (event: EventEnvelope<unknown>) => Promise<void>);
  }

  private async publishRaw(subject: string, id: string, payload: string) {
    return tracer.startActiveSpan(`publish ${subject}`, { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'messaging.message.id': id } }, async (span) => {
      try {
        return await this.js.publish(subject, payload, { msgID: id, headers: headersWithTrace() });
      } finally {
        span.end();
      }
    });
  }

  /**
   * Sends what the outbox holds, oldest first, holding a lease so one replica relays at a time. Events younger
   * than the grace period belong to a request still running, which flushes them itself.
   */
  async relayOutbox() {
    if (!this.connected) return; // nothing could be sent; the reconnect runs a pass
    const before = new Date(Date.now() - (this.opts.relayGraceMs ?? 5_000));
    // trusted: a service whose connection sanitizes filters (svc-content) would otherwise refuse the operator.
    const due = () => this.outbox.find({ createdAt: mongoose.trusted({ $lte: before }) }).sort({ createdAt: 1 }).limit(100).lean();
    try {
      failPoint('outbox-relay');
      // Nearly always nothing is due: look first, and take the lease (an insert and a delete) only when there is work.
      if ((await due()).length === 0) return this.relayRan();
      await this.leases.run('outbox-relay', { ttlMs: 60_000 }, async () => {
        const pending = await due();
        for (const doc of pending) {
          // One event that cannot be finished or sent (yet) does not hold back the others.
          try {
            const envelope = JSON.parse(doc.payload) as EventEnvelope<unknown>;
            const finish = this.finishers.get(doc.subject);
            if (finish) await finish(envelope as EventEnvelope<never>);
            await this.send(doc._id, doc.subject, doc.payload);
          } catch (err) {
            this.opts.log.warn({ err, type: doc.subject, id: doc._id }, 'outbox event not relayed this time; it stays for the next pass');
          }
        }
      });
      this.relayRan();
    } catch (err) {
      if (err instanceof LeaseBusyError) return this.relayRan(); // another replica is relaying: the relay runs
      // Logged when it starts failing, not at every pass; readiness says so until a pass runs again.
      if (this.relayProblem === null) this.opts.log.error({ err }, 'outbox relay cannot run: events kept in the outbox are not sent until it can; /readyz reports it');
      this.relayProblem = (err as Error).message ?? String(err);
    }
  }

  private relayRan() {
    if (this.relayProblem === null) return;
    this.opts.log.info({ problem: this.relayProblem }, 'outbox relay runs again');
    this.relayProblem = null;
  }

  /**
   * Starts a durable consumer. Each message is acked only after its handler succeeded; a failure
   * is nak'ed and redelivered. Handled event ids are remembered, so a redelivery changes nothing twice.
   */
  async consume<T>(def: ConsumerDefinition<T>) {
    const durable = this.opts.instanceTag ? `${this.opts.instanceTag}-${this.opts.service}-${def.name}` : `${this.opts.service}-${def.name}`;
    const config = {
      durable_name: durable, filter_subject: def.event, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All,
      ack_wait: (def.ackWaitMs ?? 30_000) * 1_000_000, max_deliver: def.maxDeliver ?? 20,
    };
    try {
      await this.jsm.consumers.info(STREAM, durable);
      await this.jsm.consumers.update(STREAM, durable, { ack_wait: config.ack_wait, max_deliver: config.max_deliver });
    } catch {
      await this.jsm.consumers.add(STREAM, config);
    }
    const consumer = await this.js.consumers.get(STREAM, durable);
    const messages = await consumer.consume({ max_messages: 50 });
    const done = (async () => {
      for await (const m of messages) await this.handleMessage(durable, def, m);
    })();
    this.consumers.push({ stop: () => void messages.stop(), done });
  }

  private async handleMessage<T>(durable: string, def: ConsumerDefinition<T>, m: JsMsg) {
    let envelope: EventEnvelope<T>;
    try {
      envelope = m.json<EventEnvelope<T>>();
    } catch {
      this.opts.log.error({ subject: m.subject, seq: m.seq }, 'unreadable event dropped');
      m.term();
      return;
    }
    const key = `${durable}:${envelope.id}`;
    const parent = contextFromHeaders(m.headers);
    await context.with(parent, () => tracer.startActiveSpan(`consume ${m.subject}`, { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'nats', 'messaging.consumer.group.name': durable, 'messaging.message.id': envelope.id } }, async (span) => {
      try {
        if (await this.processed.exists({ _id: key })) {
          m.ack();
          return;
        }
        await def.handle(envelope);
        await insertOnce(this.processed, { _id: key, processedAt: new Date() });
        m.ack();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        this.opts.log.warn({ err, event: envelope.type, id: envelope.id, delivery: m.info.deliveryCount }, 'event handler failed; it will be redelivered');
        m.nak(def.retryDelayMs ?? 1000);
      } finally {
        span.end();
      }
    }));
  }

  /** The subject this instance uses on the wire for a request/reply subject (tagged in tests). */
  wireSubject(subject: string) {
    return this.opts.instanceTag ? `${this.opts.instanceTag}.${subject}` : subject;
  }

  /** Asks another service over NATS request/reply. */
  async request<Res>(name: string, body: unknown, { timeoutMs = 3000 } = {}): Promise<Res> {
    const subject = this.wireSubject(name);
    return tracer.startActiveSpan(`request ${subject}`, { kind: SpanKind.CLIENT }, async (span) => {
      try {
        const reply = await this.nc.request(subject, JSON.stringify(body), { timeout: timeoutMs, headers: headersWithTrace() });
        const answer = reply.json<{ ok: true; data: Res } | { ok: false; error: string }>();
        if (!answer.ok) throw new Error(`${subject} failed: ${answer.error}`);
        return answer.data;
      } finally {
        span.end();
      }
    });
  }

  /** Answers requests on a subject; one member of the service's queue group answers each. */
  reply<Req, Res>(name: string, handler: (body: Req) => Promise<Res>) {
    const subject = this.wireSubject(name);
    const sub = this.nc.subscribe(subject, { queue: this.opts.service });
    this.responders.push(sub);
    void (async () => {
      for await (const m of sub) {
        await context.with(contextFromHeaders(m.headers), () => tracer.startActiveSpan(`reply ${subject}`, { kind: SpanKind.SERVER }, async (span) => {
          try {
            m.respond(JSON.stringify({ ok: true, data: await handler(m.json<Req>()) }));
          } catch (err) {
            m.respond(JSON.stringify({ ok: false, error: (err as Error).message }));
          } finally {
            span.end();
          }
        }));
      }
    })();
  }

  /**
   * A best-effort push message to the user's open browser tabs (events/push.ts): core NATS, not the outbox, never
   * throws. Send it after the change it announces is stored.
   */
  push(userId: string, message: PushMessage) {
    publishPush(this.nc, userId, message);
  }

  async close() {
    clearInterval(this.relayTimer);
    for (const c of this.consumers) c.stop();
    await Promise.allSettled(this.consumers.map((c) => c.done));
    for (const s of this.responders) s.unsubscribe();
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }
}

async function ensureStream(jsm: JetStreamManager, eventTypes: readonly string[]) {
  const base = {
    name: STREAM,
    duplicate_window: 10 * 60 * 1_000_000_000, // ten minutes of Nats-Msg-Id dedup
    max_age: 30 * 24 * 3600 * 1_000_000_000,
    // One replica on a single server; a JetStream cluster in production sets NATS_STREAM_REPLICAS=3.
    num_replicas: Number(process.env.NATS_STREAM_REPLICAS ?? 1),
  };
  try {
    const info = await jsm.streams.info(STREAM);
    const subjects = [...new Set([...(info.config.subjects ?? []), ...eventTypes])];
    if (subjects.length !== (info.config.subjects ?? []).length) await jsm.streams.update(STREAM, { ...info.config, subjects });
  } catch {
    try {
      await jsm.streams.add({ ...base, subjects: [...eventTypes] });
    } catch (err) {
      // Another service created it at the same moment: fine, as long as it now exists.
      await jsm.streams.info(STREAM).catch(() => { throw err; });
      await ensureStream(jsm, eventTypes);
    }
  }
}
