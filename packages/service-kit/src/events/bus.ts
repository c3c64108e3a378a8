// The event bus over NATS JetStream, one facade over its three parts: the outbox (outbox.ts: publish with the
// change, relay what a dead process left), durable idempotent consumers (consumers.ts) and request/reply for reads
// across services (rpc.ts). Services hold an EventBus; the parts are its implementation.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '../config';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { PushMessage, RpcName, RpcRequest, RpcResponse } from '@lp/contracts';
import { Consumers, STREAM } from './consumers';
import type { ConsumerDefinition, EventEnvelope } from './envelope';
import { Outbox } from './outbox';
import { publishPush } from './push';
import { Rpc, type RequestOptions } from './rpc';
import { rpcClient, type RpcClient, type RpcClientOptions } from './rpc-client';

export { STREAM } from './consumers';
export { onEvent, type ConsumerDefinition, type Consumers, type EventEnvelope } from './envelope';
export { RpcFailure, type RequestOptions } from './rpc';
export { cachedRpc, rpcClient, type RpcCacheOptions, type RpcClient, type RpcClientOptions } from './rpc-client';

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
  private relayTimer?: NodeJS.Timeout;
  /** Relay passes running now: close waits for them, so a pass neither loses NATS nor the database half-way. */
  private readonly relayPasses = new Set<Promise<void>>();
  private readonly outbox: Outbox;
  private readonly consumers: Consumers;
  private readonly requests: Rpc;
  /** False from a disconnect until the client is back on a server (the connection itself stays open meanwhile). */
  private natsUp = true;

  private constructor(readonly nc: NatsConnection, jsm: JetStreamManager, opts: BusOptions) {
    const js = jetstream(nc);
    this.outbox = new Outbox(js, { db: opts.db, log: opts.log, relayGraceMs: opts.relayGraceMs, connected: () => this.connected });
    this.consumers = new Consumers(js, jsm, opts);
    this.requests = new Rpc(nc, opts);
  }

  static async connect(opts: BusOptions): Promise<EventBus> {
    // Pings every 5 s: a server that vanished without closing the socket is noticed in about 15 s, not minutes.
    const nc = await connect({ servers: natsServers(opts.natsUrl), name: opts.service, maxReconnectAttempts: -1, reconnectTimeWait: 1000, pingInterval: 5_000, maxPingOut: 2 });
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, opts.eventTypes);
    const bus = new EventBus(nc, jsm, opts);
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
    return this.outbox.relayRunning;
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
  publish<T>(type: string, data: T, options: { id?: string } = {}): Promise<EventEnvelope<T>> {
    return this.outbox.publish(type, data, options);
  }

  /**
   * Writes an event to the outbox without sending it: call it before (or with) the state change the event
   * announces, finish the change, then `flush`. Recording the same id twice keeps the first envelope.
   */
  record<T>(type: string, data: T, options: { id?: string } = {}): Promise<EventEnvelope<T>> {
    return this.outbox.record(type, data, options);
  }

  /** Sends a recorded event now, unless it was sent before; if NATS cannot take it, it stays in the outbox for the relay. */
  flush(envelope: EventEnvelope<unknown>) {
    return this.outbox.flush(envelope);
  }

  /**
   * Registers how to finish the state change an event announces, for events of `type` left in the outbox by a
   * process that died before publishing them. The relay runs it (it must be idempotent) before sending the event.
   */
  beforeRelay(type: string, finish: (event: EventEnvelope<never>) => Promise<void>) {
    this.outbox.beforeRelay(type, finish);
  }

  /** Events waiting in the outbox and the oldest one's age (see Outbox.backlog), for the metrics. */
  outboxBacklog() {
    return this.outbox.backlog();
  }

  /** Each durable consumer's pending and unacknowledged events (see Consumers.lag), for the metrics. */
  consumerLag() {
    return this.consumers.lag();
  }

  /** One relay pass now (the timer runs one every relayIntervalMs). */
  relayOutbox() {
    const pass = this.outbox.relay();
    this.relayPasses.add(pass);
    void pass.finally(() => this.relayPasses.delete(pass)).catch(() => {});
    return pass;
  }

  /**
   * Starts a durable consumer. Each message is acked only after its handler succeeded; a failure
   * is nak'ed and redelivered. Handled event ids are remembered, so a redelivery changes nothing twice.
   */
  consume<T>(def: ConsumerDefinition<T>) {
    return this.consumers.consume(def);
  }

  /** The subject this instance uses on the wire for a request/reply subject (tagged in tests). */
  wireSubject(subject: string) {
    return this.requests.wireSubject(subject);
  }

  /** The typed client of one RPC of packages/contracts: the one way a service calls another (see rpc-client.ts). */
  rpc<N extends RpcName>(name: N, options?: RpcClientOptions): RpcClient<N> {
    return rpcClient(this, name, options);
  }

  /**
   * Asks another service over NATS request/reply. For an RPC of packages/contracts the request and the reply are
   * checked against its schemas; any failure rejects with an RpcFailure (code and status, see rpc.ts).
   */
  request<Res>(name: string, body: unknown, options: RequestOptions = {}): Promise<Res> {
    return this.requests.request<Res>(name, body, options);
  }

  /**
   * Answers requests on a subject; one member of the service's queue group answers each. For an RPC of
   * packages/contracts a request that breaks its schema is answered BAD_REQUEST without calling the handler.
   */
  reply<N extends RpcName>(name: N, handler: (body: RpcRequest<N>) => Promise<RpcResponse<N>>): void;
  reply<Req, Res>(name: string, handler: (body: Req) => Promise<Res>): void;
  reply(name: string, handler: (body: unknown) => Promise<unknown>) {
    this.requests.reply(name, handler);
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
    // A pass cut short would leave its lease held (other replicas wait out its TTL) and its events for later.
    await Promise.allSettled([...this.relayPasses]);
    await this.consumers.stop();
    await this.requests.stop();
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
