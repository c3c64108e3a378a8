// Leaving without failing a call (a release replaces instances one by one): first /readyz answers 503 so that
// whatever balances calls (the gateway's readiness poll, a Kubernetes Service) stops choosing this instance, then,
// after a grace long enough for it to notice, the server closes: no new connections, calls in flight answered,
// idle kept-alive sockets closed, then the event bus (consumers stopped, outbox relay stopped, NATS drained) and
// the database (the app's onClose hooks, which run once the server has closed).
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the instance has begun to leave: /readyz answers 503 from then on. */
    draining: boolean;
  }
}

/** LP_DRAIN_GRACE_MS: how long /readyz says 503 before the server closes. 0 by default (Kubernetes: preStop sleep). */
export function drainGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LP_DRAIN_GRACE_MS;
  if (raw === undefined || raw === '') return 0;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`LP_DRAIN_GRACE_MS must be a whole number of milliseconds, got "${raw}".`);
  return ms;
}

export function installDrain(app: FastifyInstance) {
  app.decorate('draining', false);
  // Every answer from the start of the drain ends its connection: callers do not send another call on a socket
  // this instance is about to close, and a call in flight when the server closes does not leave its kept-alive
  // socket open (the server's close waits for every socket, and idle ones last the 72 s keep-alive).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** How often idle sockets are ended while the server closes. */
const IDLE_REAP_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Not ready from now on; after the grace (`graceMs`; tests pass their own `wait`), close with the calls in flight answered. */
export async function drainAndClose(app: FastifyInstance, graceMs: number, wait: (ms: number) => Promise<void> = sleep): Promise<void> {
  app.draining = true;
  if (graceMs > 0) await wait(graceMs);
  // The server's close waits for every socket. Sockets whose call is answered while it closes are idle from then
  // on (answers written raw, as the gateway's, carry no Connection: close): ended as they become idle, not after
  // their keep-alive timeout.
  const reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}

/**
 * A process's exit: on SIGINT/SIGTERM it drains (`drainAndClose`, LP_DRAIN_GRACE_MS), on an uncaught error it closes
 * at once. The grace is within close-with-grace's delay, after which the process ends whatever is still open.
 * `level`: how loud the leaving is in the log (a service going away is worth seeing in a quiet log).
 */
export function closeOnSignal(app: FastifyInstance, level: 'info' | 'warn' = 'info'): void {
  const graceMs = drainGraceMs();
  closeWithGrace({ delay: graceMs + 10_000 }, async ({ err, signal }) => {
    if (err) {
      app.log.error({ err }, 'closing after an error');
      await app.close();
      return;
    }
    app.log[level]({ signal, graceMs }, 'draining, then closing');
    await drainAndClose(app, graceMs);
  });
}
