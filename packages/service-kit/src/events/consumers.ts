// The consuming half of the event bus: durable JetStream consumers whose handlers change each event's effect once.
import { AckPolicy, DeliverPolicy, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import type { Logger } from 'pino';
import { events } from '@lp/contracts';
import { insertOnce } from '../once/records';
import type { ConsumerDefinition, EventEnvelope } from './envelope';
import { contextFromHeaders } from './trace-context';
import { contractError, isEventType } from './validators';

export const STREAM = 'EVENTS';
const tracer = trace.getTracer('lp-bus');

interface ProcessedDoc { _id: string; processedAt: Date }

export interface ConsumersOptions {
  service: string;
  db: Connection;
  log: Logger;
  /** Tests only: a prefix for durable consumer names (see BusOptions.instanceTag). */
  instanceTag?: string;
}

export class Consumers {
  private running: Array<{ stop: () => void; done: Promise<void> }> = [];
  /** The durable names this process consumes with, for the lag metric. */
  private readonly durables = new Set<string>();
  private readonly processed: Model<ProcessedDoc>;

  constructor(private readonly js: JetStreamClient, private readonly jsm: JetStreamManager, private readonly opts: ConsumersOptions) {
    this.processed = opts.db.models.ProcessedEvent as Model<ProcessedDoc> ?? opts.db.model<ProcessedDoc>('ProcessedEvent', new Schema<ProcessedDoc>({
      _id: String, processedAt: Date,
    }, { versionKey: false }), 'processed_events');
  }

  /** See EventBus.consume. */
  async consume<T>(def: ConsumerDefinition<T>) {
    // Every consumed event has a contract: a consumer of an unknown type is a mistake found at start, not at run time.
    if (!isEventType(def.event)) throw new Error(`no contract for event ${def.event}: add it to the events of packages/contracts`);
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
    this.durables.add(durable);
    const consumer = await this.js.consumers.get(STREAM, durable);
    const messages = await consumer.consume({ max_messages: 50 });
    const done = (async () => {
      for await (const m of messages) await this.handleMessage(durable, def, m);
    })();
    this.running.push({ stop: () => void messages.stop(), done });
  }

  private async handleMessage<T>(durable: string, def: ConsumerDefinition<T>, m: JsMsg) {
    const envelope = readEnvelope<T>(m);
    if (!envelope) {
      this.opts.log.error({ subject: m.subject, seq: m.seq }, 'unreadable event dropped');
      m.term();
      return;
    }
    // An event whose data breaks its contract never reaches the handler. Redelivering it cannot fix it, so it is
    // terminated (JetStream stops delivering it to this consumer; it stays in the stream) and logged to be looked at.
    const problem = contractError(events[def.event as keyof typeof events], envelope.data);
    if (problem) {
      this.opts.log.error({ subject: m.subject, seq: m.seq, id: envelope.id, consumer: durable, problem }, 'event breaks its contract; dropped without handling');
      m.term();
      return;
    }
    const key = `${durable}:${envelope.id}`;
    const parent = contextFromHeaders(m.headers);
    // The handler's span is a child of the publish span (the request's trace shows what its events caused, in any
    // viewer) and also links to it, as messaging conventions ask (a redelivery hours later is still tied to it).
    const producer = trace.getSpanContext(parent);
    const links = producer ? [{ context: producer, attributes: { 'messaging.message.id': envelope.id } }] : [];
    await context.with(parent, () => tracer.startActiveSpan(`consume ${m.subject}`, { kind: SpanKind.CONSUMER, links, attributes: { 'messaging.system': 'nats', 'messaging.consumer.group.name': durable, 'messaging.message.id': envelope.id, 'messaging.message.delivery_count': m.info.deliveryCount } }, async (span) => {
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

  /**
   * Per durable consumer: events in the stream not yet delivered to it (`num_pending`) and delivered but not yet
   * acknowledged (`num_ack_pending`), as JetStream's consumer info reports them (one request per consumer). A
   * consumer whose info cannot be read is left out.
   */
  async lag(): Promise<Array<{ consumer: string; pending: number; ackPending: number }>> {
    const rows = await Promise.all([...this.durables].map(async (consumer) => {
      try {
        const info = await this.jsm.consumers.info(STREAM, consumer);
        return { consumer, pending: info.num_pending, ackPending: info.num_ack_pending };
      } catch {
        return null;
      }
    }));
    return rows.filter((row) => row !== null);
  }

  /** Stops taking messages and waits for the handlers under way. */
  async stop() {
    for (const c of this.running) c.stop();
    await Promise.allSettled(this.running.map((c) => c.done));
  }
}

function readEnvelope<T>(m: JsMsg): EventEnvelope<T> | null {
  try {
    const envelope = m.json<EventEnvelope<T>>();
    return typeof envelope === 'object' && envelope !== null ? envelope : null;
  } catch {
    return null;
  }
}
