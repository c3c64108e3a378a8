// Push to the browser (issue 25 §3): `GET /api/events`, one Server-Sent Events stream per tab.
//
// Services publish push messages on core NATS (`push.user.<userId>`, schemas in @lp/contracts `push.ts`); this
// process follows them all with one wildcard subscription and writes each to the streams that user holds here, so
// an idle dashboard needs no polling. A stream lives exactly as long as its session: it is ended the moment the
// session ends (sign-out, replacement, revocation: the revocation list tells us) or its token expires (a timer at
// `exp`), with a last `event: end` saying why, so the browser knows whether to renew, reconnect or stop.
//
// While a stream is open its call is "in flight" (connections.ts), so the keep-alive sweep leaves it alone, and the
// per-socket idle limit is off (idle.ts); a comment every 25 s keeps proxies from closing a quiet stream and lets
// the gateway notice a vanished client. A client that stops reading is cut off once 1 MiB waits for it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PUSH_HEARTBEAT_MS, PUSH_STREAMS_PER_USER, PushMessage, type PushEndReason } from '@lp/contracts';
import type { SessionClaims } from '@lp/service-kit/edge';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { answered } from './idle';

const isPushMessage = TypeCompiler.Compile(PushMessage);

/** A client that reads nothing while this much waits for it is gone or stalled: its stream is ended. */
const MAX_UNREAD_BYTES = 1024 * 1024;

interface Stream {
  res: ServerResponse;
  userId: string;
  sid: string;
  expiry: NodeJS.Timeout | undefined;
}

type Logger = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

export interface PushStreamsOptions {
  perUser?: number;
  heartbeatMs?: number;
  /** Security headers of API answers (security-headers.ts), sent with the stream's headers. */
  headers: ReadonlyArray<readonly [string, string]>;
  log: Logger;
  now?: () => number;
}

export class PushStreams {
  private readonly byUser = new Map<string, Stream[]>();
  private readonly bySession = new Map<string, Set<Stream>>();
  private readonly perUser: number;
  private readonly headers: ReadonlyArray<readonly [string, string]>;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly report: NodeJS.Timeout;
  private held = 0;
  private reported = 0;
  private invalidLogged = 0;

  constructor({ perUser = PUSH_STREAMS_PER_USER, heartbeatMs = PUSH_HEARTBEAT_MS, headers, log, now = Date.now }: PushStreamsOptions) {
    this.perUser = perUser;
    this.headers = headers;
    this.log = log;
    this.now = now;
    // One timer for every stream's heartbeat, not one per stream.
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
    // The held count in the log once a minute when it changed: the figure to watch for capacity.
    this.report = setInterval(() => {
      if (this.held === this.reported) return;
      this.reported = this.held;
      this.log.info({ pushStreams: this.held, pushUsers: this.byUser.size }, 'push streams held');
    }, 60_000);
    this.report.unref();
  }

  /** Streams held now. */
  get size() {
    return this.held;
  }

  /** Opens a stream for a verified session on a hijacked request. */
  open(req: IncomingMessage, res: ServerResponse, session: SessionClaims, requestId: string) {
    const out: Record<string, string> = {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise hold the stream's bytes back in a buffer.
      'x-accel-buffering': 'no',
      'x-request-id': requestId,
    };
    for (const [name, value] of this.headers) out[name] = value;
    answered(req.socket); // no idle limit on a held stream: the heartbeat and the sweep's in-flight count cover it
    req.socket.setNoDelay(true);
    res.writeHead(200, out);
    // A reconnect hint for EventSource, and bytes now so proxies and the browser see the stream open.
    res.write('retry: 3000\n: open\n\n');

    const stream: Stream = { res, userId: session.sub, sid: session.sid, expiry: undefined };
    const msLeft = session.exp * 1000 - this.now();
    // (A timer cannot wait longer than 2^31 - 1 ms; session tokens live minutes.)
    stream.expiry = setTimeout(() => this.end(stream, 'expired'), Math.min(Math.max(0, msLeft), 2 ** 31 - 1));
    stream.expiry.unref();

    const mine = this.byUser.get(stream.userId) ?? [];
    mine.push(stream);
    this.byUser.set(stream.userId, mine);
    const sessionStreams = this.bySession.get(stream.sid) ?? new Set();
    sessionStreams.add(stream);
    this.bySession.set(stream.sid, sessionStreams);
    this.held++;
    // Beyond the cap the oldest tab gives way (it polls instead): a tab closed without its connection closing
    // (a sleeping laptop) must not keep the newest one from being pushed to.
    if (mine.length > this.perUser) this.end(mine[0]!, 'too-many-tabs');

    res.once('close', () => this.forget(stream));
  }

  /** One message from NATS for a user: checked against the contract, then written to each of the user's streams. */
  deliver(userId: string, json: string) {
    const streams = this.byUser.get(userId);
    if (!streams) return;
    let message: unknown;
    try {
      message = JSON.parse(json);
    } catch {
      message = undefined;
    }
    if (!isPushMessage.Check(message)) {
      // A service sending off-contract messages is a bug to see in the log, not to flood it with.
      if (this.invalidLogged++ < 10) this.log.warn({ userId, sample: json.slice(0, 200) }, 'push message off contract, dropped');
      return;
    }
    const frame = `event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`;
    for (const stream of [...streams]) this.write(stream, frame);
  }

  /** A session (or an admin elevation id, which matches nothing here) ended: its streams end now. */
  endSession(sid: string) {
    const streams = this.bySession.get(sid);
    if (!streams) return;
    for (const stream of [...streams]) this.end(stream, 'signed-out');
  }

  /** Ends every stream (the gateway is closing: the browsers reconnect to another replica). */
  close() {
    clearInterval(this.heartbeat);
    clearInterval(this.report);
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) this.end(stream, 'closing');
  }

  private end(stream: Stream, reason: PushEndReason) {
    if (!stream.res.writableEnded) stream.res.end(`event: end\ndata: {"reason":"${reason}"}\n\n`);
    this.forget(stream);
  }

  private write(stream: Stream, frame: string) {
    if (stream.res.writableEnded) return;
    if (stream.res.writableLength > MAX_UNREAD_BYTES) {
      stream.res.destroy();
      this.forget(stream);
      return;
    }
    stream.res.write(frame);
  }

  private beat() {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) this.write(stream, ': hb\n\n');
  }

  private forget(stream: Stream) {
    const mine = this.byUser.get(stream.userId);
    const at = mine ? mine.indexOf(stream) : -1;
    if (at === -1) return; // already forgotten
    mine!.splice(at, 1);
    if (mine!.length === 0) this.byUser.delete(stream.userId);
    const sessionStreams = this.bySession.get(stream.sid);
    sessionStreams?.delete(stream);
    if (sessionStreams?.size === 0) this.bySession.delete(stream.sid);
    clearTimeout(stream.expiry);
    this.held--;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The push streams this gateway holds (tests and the bench read their count). */
    pushStreams: PushStreams;
  }
}
