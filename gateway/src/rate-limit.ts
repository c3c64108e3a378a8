// Requests per key (the signed-in user, else the client IP, and a higher ceiling per IP for all) in fixed windows, counted synchronously on the
// /api hot path. @fastify/rate-limit did the same through three awaited promises per request, which
// `npm run bench` measured at ~12 % of the gateway's CPU per proxied call; this is a Map lookup.
import { format } from '@lukeed/ms';

export interface RateLimitOptions {
  /** Requests allowed per key and window. */
  max: number;
  /** Window length in ms. */
  timeWindowMs: number;
  /**
   * Requests allowed per client address and window, signed in or not: the ceiling above the per-account budget, so
   * one address cycling through many accounts (made or stolen) cannot multiply its budget by their number. High
   * enough for a school or a home behind one NAT address. 10 × `max` by default.
   */
  ipMax?: number;
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
export function createRateLimiter({ max, timeWindowMs, ipMax = max * 10, now = Date.now }: RateLimitOptions) {
  let windowEnds = now() + timeWindowMs;
  let users = new Map<string, number>();
  let ips = new Map<string, number>();
  let addresses = new Map<string, number>();
  /** Counts one request for the user or IP `id`: 0 when it may pass, else the ms until its budget comes back. */
  function hit(kind: RateKind, id: string): number {
    const t = now();
    if (t >= windowEnds) {
      windowEnds = t + timeWindowMs;
      users = new Map();
      ips = new Map();
      addresses = new Map();
    }
    const counts = kind === 'user' ? users : ips;
    const n = (counts.get(id) ?? 0) + 1;
    counts.set(id, n);
    return n > max ? windowEnds - t : 0;
  }
  return {
    hit,
    /**
     * One `/api` call: counted for the signed-in user (else for the visitor's address) and, either way, toward the
     * address's ceiling. 0 when it may pass, else the ms until the budget that ran out comes back.
     */
    call(userId: string | undefined, ip: string): number {
      const waitMs = userId === undefined ? hit('ip', ip) : hit('user', userId);
      const n = (addresses.get(ip) ?? 0) + 1;
      addresses.set(ip, n);
      return waitMs > 0 || n <= ipMax ? waitMs : windowEnds - now();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** "Try again in 45 seconds." */
export function retryMessage(retryAfterMs: number): string {
  return `Too many requests. Try again in ${format(Math.max(1000, Math.ceil(retryAfterMs / 1000) * 1000), true)}.`;
}
