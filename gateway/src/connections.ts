// What the gateway keeps per client connection: the calls in flight on it and how long it has been idle (to close
// idle keep-alive connections), and the session last verified on it (for the fast path).
//
// Idle keep-alive connections are closed by one sweep a second instead of a timer per answer. Node's own
// keep-alive timeout arms a socket timer after every answer and clears it when the next request comes: a timer
// object, a bound function and two timer-list operations on every call (`npm run bench`). Here a connection is idle
// when no call is in flight on it and it has neither read nor written a byte since the last sweep; once it has been
// idle for `idleMs` it is closed, as Node's timeout would have closed it (to within a sweep). A call in flight keeps
// its connection open however long the service takes; the upstream timeout bounds that wait.
import type { Socket } from 'node:net';
import type { SessionClaims } from '@lp/service-kit/edge';

/** One client connection. */
export interface Connection {
  calls: number;
  bytes: number;
  idleSince: number;
  /**
   * The Cookie header of the last call whose session verified on this connection, and that session. A browser sends
   * the same header on every call, so the fast path finds the verdict by comparing the header with this one instead
   * of reading the token out of it and hashing it for the verifier's cache again.
   */
  verified: { cookie: string; session: SessionClaims } | undefined;
}

export interface ConnectionOptions {
  /** How long an idle keep-alive connection stays open. */
  idleMs: number;
  /** How often the sweep runs; a connection is closed up to this much later than `idleMs`. */
  sweepMs?: number;
  now?: () => number;
}

export class ClientConnections {
  private readonly connections = new Map<Socket, Connection>();
  private readonly timer: NodeJS.Timeout;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor({ idleMs, sweepMs = Math.min(1000, Math.max(10, idleMs / 4)), now = Date.now }: ConnectionOptions) {
    this.idleMs = idleMs;
    this.now = now;
    this.timer = setInterval(() => this.sweep(), sweepMs);
    this.timer.unref();
  }

  /** A new client connection: kept until it closes. */
  opened(socket: Socket) {
    this.connections.set(socket, { calls: 0, bytes: 0, idleSince: this.now(), verified: undefined });
    socket.once('close', () => this.connections.delete(socket));
  }

  /** The connection a request came on (none for requests injected in tests). */
  of(socket: Socket): Connection | undefined {
    return this.connections.get(socket);
  }

  /** A call starts on the connection; `callEnded` once its answer is written. */
  static callStarted(connection: Connection | undefined) {
    if (connection) connection.calls++;
  }

  static callEnded(connection: Connection | undefined) {
    if (connection) connection.calls--;
  }

  /** Closes the connections idle for `idleMs` or more. Runs on its own timer; exposed for tests. */
  sweep() {
    const t = this.now();
    for (const [socket, connection] of this.connections) {
      // Bytes moving either way (a body coming in, a download going out) count as activity, as they did for
      // Node's socket timer.
      const bytes = socket.bytesRead + socket.bytesWritten;
      if (connection.calls > 0 || bytes !== connection.bytes) {
        connection.bytes = bytes;
        connection.idleSince = t;
      } else if (t - connection.idleSince >= this.idleMs) {
        socket.destroy();
      }
    }
  }

  /** Open connections (tests). */
  get size() {
    return this.connections.size;
  }

  close() {
    clearInterval(this.timer);
  }
}
