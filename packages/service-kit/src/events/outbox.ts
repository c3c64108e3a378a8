// The outbox half of the event bus: an event is written to the service's database with the change it announces,
// then sent to JetStream; a relay sends what a process that died left behind.
import { randomUUID } from 'node:crypto';
import type { JetStreamClient } from '@nats-io/jetstream';
import { SpanKind, context, trace } from '@opentelemetry/api';
import type { Connection, Model } from 'mongoose';
import mongoose, { Schema } from 'mongoose';
import type { Logger } from 'pino';
import { failPoint, faultPoint } from '../once/fault';
import { LeaseBusyError, Leases } from '../once/lease';
import { insertOnce } from '../once/records';
import type { EventEnvelope } from './envelope';
import { contextFromCarrier, headersWithTrace, traceCarrier } from './trace-context';

const tracer = trace.getTracer('lp-bus');

/** `trace`: the recording request's trace context, so an event the relay sends later still belongs to its trace. */
interface OutboxDoc { _id: string; subject: string; payload: string; createdAt: Date; trace?: Record<string, string> }
function outboxSchema() {
  const schema = new Schema<OutboxDoc>({ _id: String, subject: String, payload: String, createdAt: Date, trace: { type: Object, required: false } }, { versionKey: false });
  schema.index({ createdAt: 1 }); // the relay reads what is due, oldest first
  return schema;
}
interface SentDoc { _id: string; sentAt: Date }

export interface OutboxOptions {
  db: Connection;
  log: Logger;
  /** Whether NATS is reachable now: the relay does not try while it is not. */
  connected: () => boolean;
  /** How old an outbox entry must be before the relay sends it (younger ones belong to a running request). */
  relayGraceMs?: number;
}

export class Outbox {
  private readonly outbox: Model<OutboxDoc>;
  /** Ids of events already sent: recording or flushing one again (a retried request) sends nothing. */
  private readonly sent: Model<SentDoc>;
  private readonly leases: Leases;
  private readonly finishers = new Map<string, (event: EventEnvelope<unknown>) => Promise<void>>();
  /** Why the last relay pass could not run, or null when it ran: readiness reports it, and it is logged once. */
  private relayProblem: string | null = null;

  constructor(private readonly js: JetStreamClient, private readonly opts: OutboxOptions) {
    const { db } = opts;
    this.outbox = db.models.Outbox as Model<OutboxDoc> ?? db.model<OutboxDoc>('Outbox', outboxSchema(), 'outbox');
    this.sent = db.models.SentEvent as Model<SentDoc> ?? db.model<SentDoc>('SentEvent', new Schema<SentDoc>({
      _id: String, sentAt: Date,
    }, { versionKey: false }), 'outbox_sent');
    this.leases = new Leases(db);
  }

  /**
   * How many events wait in the outbox and how old the oldest is (seconds; 0 when none), for the metrics: a count
   * and the first entry by the createdAt index. Both scan the collection on FerretDB, which stays small (events
   * leave it once sent), so it is cheap while the relay keeps up and read at most every few seconds (sampled.ts).
   */
  async backlog(): Promise<{ events: number; oldestAgeSeconds: number }> {
    const [events, oldest] = await Promise.all([
      this.outbox.estimatedDocumentCount(),
      this.outbox.findOne({}, { createdAt: 1 }).sort({ createdAt: 1 }).lean(),
    ]);
    return { events, oldestAgeSeconds: oldest?.createdAt ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0 };
  }

  /** Whether the relay's last pass ran (events a request could not send do reach NATS later). */
  get relayRunning() {
    return this.relayProblem === null;
  }

  /** See EventBus.publish. */
  async publish<T>(type: string, data: T, { id = randomUUID() }: { id?: string } = {}): Promise<EventEnvelope<T>> {
    const envelope = await this.record(type, data, { id });
    await this.flush(envelope);
    return envelope;
  }

  /** See EventBus.record. */
  async record<T>(type: string, data: T, { id = randomUUID() }: { id?: string } = {}): Promise<EventEnvelope<T>> {
    const envelope: EventEnvelope<T> = { id, type, occurredAt: new Date().toISOString(), data };
    const payload = JSON.stringify(envelope);
    if (!(await insertOnce(this.outbox, { _id: id, subject: type, payload, createdAt: new Date(), trace: traceCarrier() }))) {
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

  /** See EventBus.beforeRelay. */
  beforeRelay(type: string, finish: (event: EventEnvelope<never>) => Promise<void>) {
    this.finishers.set(type, finish as (event: EventEnvelope<unknown>) => Promise<void>);
  }

  /** Publishes once: an id already marked sent is only cleared from the outbox. */
  private async send(id: string, subject: string, payload: string) {
    if (!(await this.sent.exists({ _id: id }))) {
      await this.publishRaw(subject, id, payload);
      await insertOnce(this.sent, { _id: id, sentAt: new Date() });
    }
    await this.outbox.deleteOne({ _id: id });
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
  async relay() {
    if (!this.opts.connected()) return; // nothing could be sent; the reconnect runs a pass
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
            // Finishing and sending continue the trace of the request that recorded the event.
            await context.with(contextFromCarrier(doc.trace), async () => {
              if (finish) await finish(envelope as EventEnvelope<never>);
              await this.send(doc._id, doc.subject, doc.payload);
            });
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
}
