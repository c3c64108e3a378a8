// When a sign-in session is alive, and how long a session token issued now may live. Pure: the clock is a parameter.
import type { SessionLimits } from '../config';

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt?: Date | null;
}

/** An admin elevation lasts one hour (never past its session's end). */
export const ADMIN_TTL_SECONDS = 3600;

export type SessionState = 'alive' | 'revoked' | 'idle' | 'expired';

/** Revoked (signed out) wins; then the absolute limit since sign-in; then the idle limit since the last activity. */
export function sessionState(session: SessionTimes, now: Date, limits: SessionLimits): SessionState {
  if (session.revokedAt) return 'revoked';
  if (now.getTime() >= session.createdAt.getTime() + limits.absoluteTimeoutSeconds * 1000) return 'expired';
  if (now.getTime() >= session.lastSeenAt.getTime() + limits.idleTimeoutSeconds * 1000) return 'idle';
  return 'alive';
}

/** A token issued now expires after its TTL, but never after the session's absolute end. */
export function tokenExpiry(session: SessionTimes, now: Date, limits: SessionLimits): Date {
  const ttlEnd = now.getTime() + limits.tokenTtlSeconds * 1000;
  const absoluteEnd = session.createdAt.getTime() + limits.absoluteTimeoutSeconds * 1000;
  return new Date(Math.min(ttlEnd, absoluteEnd));
}

/**
 * A refresh token just spent still renews for this long, with the same result as the renewal that spent it: two tabs
 * waking together both present the one cookie. Past it, a spent token coming back is theft.
 */
export const REFRESH_GRACE_SECONDS = 10;

/** Whether a token spent at `spentAt` is still within the grace at `now`. */
export function withinRefreshGrace(spentAt: Date, now: Date): boolean {
  const since = now.getTime() - spentAt.getTime();
  return since >= 0 && since <= REFRESH_GRACE_SECONDS * 1000;
}

/** Activity is written at most once a minute, so a burst of calls costs one write. */
export function shouldRecordActivity(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= 60_000;
}

/** What the user is told when a session is over. */
export function endedMessage(state: Exclude<SessionState, 'alive'>, limits: SessionLimits): string {
  switch (state) {
    case 'revoked':
      return 'You have signed out. Sign in again to continue.';
    case 'idle':
      return `Your session ended after ${duration(limits.idleTimeoutSeconds)} without activity. Sign in again to continue.`;
    case 'expired':
      return `Your session reached its ${duration(limits.absoluteTimeoutSeconds)} limit. Sign in again to continue.`;
  }
}

function duration(seconds: number): string {
  if (seconds % 86_400 === 0) return plural(seconds / 86_400, 'day');
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
