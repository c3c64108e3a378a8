// Requests per key (the signed-in user, else the client IP) in fixed windows, counted synchronously on the
// /api hot path. @fastify/rate-limit did the same through three awaited promises per request, which
// `npm run bench` measured at ~12 % of the gateway's CPU per proxied call; this is a Map lookup.
import { format } from '@lukeed/ms';

export interface RateLimitOptions {
  /** Requests allowed per key and window. */
  max: number;
  /** Window length in ms. */
  timeWindowMs: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** Who a budget belongs to: a signed-in user (by id) or a visitor (by client IP). */
export type RateKind = 'user' | 'ip';

/**
 * All keys share one window: when it ends the whole table is dropped, so memory is bounded by the keys
 * seen in one window and nothing needs sweeping. Users and IPs have a table each, keyed by the id itself: the
 * session's cached claims hand the same id string every time, whose hash V8 keeps, where a `user:<id>` key would
 * be a new string to hash on every request.
 */
export function createRateLimiter({ max, timeWindowMs, now = Date.now }: RateLimitOptions) {
  let windowEnds = now() + timeWindowMs;
  let users = new Map<string, number>();
  let ips = new Map<string, number>();
  return {
    /** Counts one request for the user or IP `id`: 0 when it may pass, else the ms until its budget comes back. */
    hit(kind: RateKind, id: string): number {
      const t = now();
      if (t >= windowEnds) {
        windowEnds = t + timeWindowMs;
        users = new Map();
        ips = new Map();
      }
      const counts = kind === 'user' ? users : ips;
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      return n > max ? windowEnds - t : 0;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** "Try again in 45 seconds." */
export function retryMessage(retryAfterMs: number): string {
  return `Too many requests. Try again in ${format(Math.max(1000, Math.ceil(retryAfterMs / 1000) * 1000), true)}.`;
}
