// The admin password and user search limits; the kit's WindowCounter does the counting (exact under concurrency).

export interface WindowRule {
  max: number;
  windowMs: number;
}

/** Admin password: 5 attempts per 15 minutes, counted per user and per IP. */
export const ADMIN_ATTEMPTS: WindowRule = { max: 5, windowMs: 15 * 60_000 };

/** User search: 30 a minute per user (slows down guessing which addresses have accounts). */
export const USER_SEARCHES: WindowRule = { max: 30, windowMs: 60_000 };
