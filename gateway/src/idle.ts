// Slow clients. A connection that moves no byte for `idleMs` while the gateway reads from it or writes to it is
// closed: a body trickled in, an answer nobody reads, a file served to a stalled reader. While a service works on
// a call the client is rightly silent, so the limit is off then (the upstream timeout bounds that wait); before,
// a service taking longer than the limit (a large upload being published) had its caller's connection cut.
// The limit is armed where it is needed rather than server-wide: Node re-armed a server-wide socket timeout on
// every request (a timer made and filed per call), which the fast path's calls (no body, a small answer written
// whole) do not need. A new connection that sends nothing at all is closed by the limit armed when it opens. An
// idle keep-alive connection between calls is not this limit's business but the keep-alive sweep's (connections.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long a client may stall a body or an answer being streamed to it, by default. */
export const SOCKET_IDLE_MS = 10_000;

type Socket = IncomingMessage['socket'] | null | undefined;

/** Sets the socket's idle limit (0: none). Not every socket has one: requests injected in tests have a stand-in. */
function setIdle(socket: Socket, ms: number) {
  // Turning off a limit that is not on would still clear and validate a timer: skipped on every fast-path call.
  if (ms === 0 && !socket?.timeout) return;
  if (typeof socket?.setTimeout === 'function') socket.setTimeout(ms);
}

/**
 * Arms the limit on a socket: when a connection opens (it must start talking; Node's headers timeout ignores a
 * silent one), and for everything the Fastify app serves, as a server-wide timeout did.
 */
export function limitIdle(socket: Socket, idleMs: number) {
  setIdle(socket, idleMs);
}

/**
 * The call is forwarded: the limit stays on while its body is still being read, and goes off once the client has
 * nothing more to send.
 */
export function awaitService(req: IncomingMessage, hasBody: boolean) {
  const socket = req.socket;
  if (!hasBody || req.readableEnded) setIdle(socket, 0);
  else req.once('end', () => setIdle(socket, 0));
}

/** A call's answer is written: the connection is between calls, and the keep-alive sweep watches it. */
export function answered(socket: Socket) {
  setIdle(socket, 0);
}

/** An answer streamed to the client (a download): the limit is on while it is written. */
export function limitIdleWhileStreaming(res: ServerResponse, idleMs: number) {
  const socket = res.socket;
  setIdle(socket, idleMs);
  res.once('finish', () => answered(socket));
}
