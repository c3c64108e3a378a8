// Ended sessions and admin elevations, known to every replica of the gateway and of each service.
//
// A session token is trusted from its signature alone for up to its TTL, so a sign-out would otherwise leave the
// old cookie working everywhere but in identity. Identity announces each end as `identity.session.ended`; every
// process keeps the ended ids in memory until the last token carrying them has expired, and the session verifier
// refuses a token whose `sid` (or admin `eid`) is listed. Checking is a Set lookup, so the hot path stays
// synchronous.
//
// Every replica must see every end, so this is not a durable (shared) consumer: each process subscribes to the
// subject on core NATS and, at start and after a reconnect, replays the stream's recent ends through an ephemeral
// consumer of its own, so a replica started (or cut off) after a sign-out still refuses that token.
//
// While the feed is cut off (NATS unreachable), and for a settling time after it is back (identity's own outbox
// sends the ends it recorded meanwhile within its relay's grace and interval), the list is not "live": a sign-out
// made in that gap may be missing from it. The session verifier then asks identity itself (session.ts), and
// refuses when identity cannot answer.
import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { natsServers } from '../config';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';

export const SESSION_ENDED = 'identity.session.ended';
/** The longest any token lives (an admin elevation: one hour); replays reach back this far. */
export const LONGEST_TOKEN_SECONDS = 3600;

export interface SessionEnded {
  sid: string;
  userId: string;
  reason: string;
  endedAt: string;
  /** After this, no token of the session (or of the elevation) can verify any more: the entry may be forgotten. */
  expiresAt: string;
  /** Set when only this admin elevation ended (admin sign-out), not the sign-in session. */
  elevationId?: string;
}

type Logger = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

export class RevocationList {
  private readonly ended = new Map<string, number>();
  private readonly listeners = new Set<(id: string) => void>();
  private sweepAt = 0;
  /** When the feed was cut off, or null while it is connected. */
  private lostAt: number | null = null;
  /** After a reconnect, the list is complete again from this time on. */
  private liveFrom = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether every end announced so far is in the list: the feed is connected and has caught up. */
  get live(): boolean {
    if (this.lostAt !== null) return false;
    if (this.liveFrom === 0) return true; // the hot path: no clock read while the feed has been up for a while
    if (this.now() < this.liveFrom) return false;
    this.liveFrom = 0;
    return true;
  }

  /** Whether the feed is connected (it may still be catching up: see `live`). */
  get feedConnected(): boolean {
    return this.lostAt === null;
  }

  /** The feed is cut off: ends announced from now on may not arrive until it is back. */
  feedLost() {
    if (this.lostAt === null) this.lostAt = this.now();
  }

  /** The feed is back and what it missed was replayed; ends still on their way arrive within `settleMs`. */
  feedBack(settleMs: number) {
    this.lostAt = null;
    this.liveFrom = this.now() + settleMs;
  }

  /** Whether a session id or an elevation id has ended. */
  has(id: string): boolean {
    if (this.ended.size === 0) return false;
    const until = this.ended.get(id);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.ended.delete(id);
    return false;
  }

  add(id: string, expiresAtMs: number) {
    const t = this.now();
    if (!(expiresAtMs > t)) return;
    const known = this.ended.has(id);
    this.ended.set(id, Math.max(expiresAtMs, this.ended.get(id) ?? 0));
    if (!known) for (const listener of this.listeners) listener(id);
    // Entries are dropped lazily, at most once a minute, so memory follows the ends of the last token lifetime.
    if (t >= this.sweepAt) {
      this.sweepAt = t + 60_000;
      for (const [key, until] of this.ended) if (until <= t) this.ended.delete(key);
    }
  }

  /**
   * Calls `listener` with each id that ends from now on (once per id): what holds something open for a session,
   * such as the gateway's push streams, ends it at once instead of at its next check. Returns the unsubscribe.
   */
  onEnded(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies one `identity.session.ended` event. */
  apply(event: Pick<SessionEnded, 'sid' | 'expiresAt' | 'elevationId'>) {
    const until = Date.parse(event.expiresAt);
    if (!Number.isFinite(until)) return;
    this.add(event.elevationId ?? event.sid, until);
  }

  get size() {
    return this.ended.size;
  }
}

export interface FollowOptions {
  log?: Logger;
  /** How far back the start-up replay reaches; the longest token lifetime by default. */
  replaySeconds?: number;
  stream?: string;
  /**
   * How long after a reconnect the list is still not trusted alone: identity sends the ends it could not send
   * meanwhile from its outbox within its relay's grace (5 s) and interval (2 s). 10 s by default.
   */
  settleMs?: number;
}

/**
 * Keeps `list` up to date from NATS: a core subscription for what happens from now on, then a replay of the
 * stream's recent ends (subscription first, so nothing falls between the two). Resolves once the replay is
 * done, so a process starts serving only when it knows every recent end. Replays again after a reconnect.
 */
export async function followRevocations(nc: NatsConnection, list: RevocationList, { log, replaySeconds = LONGEST_TOKEN_SECONDS, stream = 'EVENTS', settleMs = 10_000 }: FollowOptions = {}) {
  const sub: Subscription = nc.subscribe(SESSION_ENDED);
  void (async () => {
    for await (const m of sub) applyMessage(list, m.data, log);
  })();

  let lastSeen = Date.now();
  await replayAtStart(() => replay(nc, list, stream, new Date(lastSeen - replaySeconds * 1000), log), log);
  let connected = true;
  const catchUp = async () => {
    for (let attempt = 1; connected; attempt++) {
      try {
        await replay(nc, list, stream, new Date(lastSeen - 5_000), log);
        if (!connected) return;
        list.feedBack(settleMs);
        log?.info?.({ settleMs }, 'session ends feed back and caught up');
        return;
      } catch (err) {
        log?.warn({ err, attempt }, 'session ends could not be replayed after a reconnect; asking again');
        await new Promise((r) => setTimeout(r, Math.min(5_000, 500 * attempt)));
      }
    }
  };
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'staleConnection') {
        if (connected) {
          lastSeen = Date.now();
          log?.warn({}, 'session ends feed cut off (NATS unreachable): sessions are checked with identity until it is back');
        }
        connected = false;
        list.feedLost();
      }
      // Core messages sent while we were cut off are lost: read them back from the stream before trusting the list.
      if (status.type === 'reconnect') {
        connected = true;
        void catchUp();
      }
    }
  })();
  return { stop: () => sub.unsubscribe() };
}

/**
 * A JetStream request can time out while a whole stack starts on a busy machine; the process then waits and
 * asks again (1, 2, 4, 8 s) rather than exiting, and gives up only when NATS stays unable to answer.
 */
export async function replayAtStart(run: () => Promise<void>, log?: Logger, attempts = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts) throw err;
      log?.warn({ err: (err as Error).message, attempt }, 'session ends could not be replayed yet; asking again');
      await new Promise((r) => setTimeout(r, 1000 * 2 ** (attempt - 1)));
    }
  }
}

/**
 * For a process without an event bus (the gateway): its own NATS connection, following ends until `close()`.
 * Resolves once the start-up replay is done.
 */
export async function connectRevocations(natsUrl: string, list: RevocationList, options: FollowOptions & { name?: string } = {}) {
  // Pings every 5 s: a server that vanished without closing the socket is noticed in about 15 s, not minutes.
  const nc = await connect({ servers: natsServers(natsUrl), name: options.name ?? 'revocations', maxReconnectAttempts: -1, reconnectTimeWait: 1000, pingInterval: 5_000, maxPingOut: 2 });
  try {
    const follower = await followRevocations(nc, list, options);
    return {
      close: async () => {
        follower.stop();
        await nc.drain().catch(() => nc.close());
      },
    };
  } catch (err) {
    await nc.close();
    throw err;
  }
}

function applyMessage(list: RevocationList, data: Uint8Array, log?: Logger) {
  try {
    const envelope = JSON.parse(new TextDecoder().decode(data)) as { data?: SessionEnded };
    if (envelope.data && typeof envelope.data.sid === 'string') list.apply(envelope.data);
  } catch (err) {
    log?.warn({ err }, 'unreadable identity.session.ended message ignored');
  }
}

/**
 * Reads every `identity.session.ended` since `since` through an ephemeral consumer of this process alone
 * (`filter_subject`, not `filter_subjects`, so nats-server 2.9 accepts it), then deletes it.
 */
async function replay(nc: NatsConnection, list: RevocationList, stream: string, since: Date, log?: Logger) {
  const jsm = await jetstreamManager(nc);
  const name = `revocations-${randomBytes(6).toString('hex')}`;
  try {
    const info = await jsm.consumers.add(stream, {
      name, filter_subject: SESSION_ENDED, deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString(),
      ack_policy: AckPolicy.None, inactive_threshold: 30 * 1_000_000_000, mem_storage: true,
    });
    let pending = info.num_pending;
    if (pending === 0) return;
    const consumer = await jetstream(nc).consumers.get(stream, name);
    while (pending > 0) {
      const batch = await consumer.fetch({ max_messages: Math.min(pending, 500), expires: 2_000 });
      let got = 0;
      for await (const m of batch) {
        got++;
        applyMessage(list, m.data, log);
        pending = m.info.pending;
      }
      if (got === 0) break;
    }
  } catch (err) {
    // No stream yet, or one that does not capture the subject yet (no service of this version has started on this
    // NATS): then no end was ever stored, and the core subscription catches every new one.
    if (!/stream not found|filter subject/i.test(String((err as Error).message))) throw err;
    log?.warn({ err: (err as Error).message }, 'no session ends to replay from the stream yet');
  } finally {
    await jsm.consumers.delete(stream, name).catch(() => undefined);
  }
}
