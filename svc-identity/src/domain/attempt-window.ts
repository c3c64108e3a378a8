// Fixed-window counting for admin password attempts: pure arithmetic, the store is elsewhere.

export interface WindowRule {
  max: number;
  windowMs: number;
}

/** Admin password: 5 attempts per 15 minutes, counted per user and per IP. */
export const ADMIN_ATTEMPTS: WindowRule = { max: 5, windowMs: 15 * 60_000 };

export function windowStart(now: Date, rule: WindowRule): number {
  return Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
}

/** Seconds until the window that holds `now` ends, at least 1. */
export function retryAfterSeconds(now: Date, rule: WindowRule): number {
  return Math.max(1, Math.ceil((windowStart(now, rule) + rule.windowMs - now.getTime()) / 1000));
}
