// Types of own-nats.mjs, for TypeScript callers (the kit's outbox relay test).
/** A TCP port nothing listens on right now (the kernel's pick). */
export function freePort(): Promise<number>;
export interface OwnNats {
  url: string;
  /** Stops the server (SIGTERM; clients see their connection close). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same JetStream store. */
  start(): Promise<void>;
  /** Stops it and removes its store. */
  remove(): Promise<void>;
}
/** A JetStream NATS server of the caller's own, on a free port, with a throwaway store. */
export function startOwnNats(): Promise<OwnNats>;
