import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_LIMITS } from '../../src/config';
import { endedMessage, sessionState, shouldRecordActivity, tokenExpiry } from '../../src/domain/session-rules';

const t0 = new Date('2025-06-01T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const H = 3600_000;

describe('sessionState', () => {
  const session = { createdAt: t0, lastSeenAt: t0, revokedAt: null };
  it('is alive until 2 hours idle, then idle', () => {
    expect(sessionState(session, at(2 * H - 1), DEFAULT_SESSION_LIMITS)).toBe('alive');
    expect(sessionState(session, at(2 * H), DEFAULT_SESSION_LIMITS)).toBe('idle');
  });
  it('is expired 7 days after sign-in however active, and revoked wins over everything', () => {
    const active = { ...session, lastSeenAt: at(7 * 24 * H - 60_000) };
    expect(sessionState(active, at(7 * 24 * H - 1), DEFAULT_SESSION_LIMITS)).toBe('alive');
    expect(sessionState(active, at(7 * 24 * H), DEFAULT_SESSION_LIMITS)).toBe('expired');
    expect(sessionState({ ...session, revokedAt: t0 }, t0, DEFAULT_SESSION_LIMITS)).toBe('revoked');
  });
});

describe('tokenExpiry', () => {
  it('is 10 minutes from now, but never past the absolute end', () => {
    const session = { createdAt: t0, lastSeenAt: t0 };
    expect(tokenExpiry(session, at(H), DEFAULT_SESSION_LIMITS)).toEqual(at(H + 10 * 60_000));
    expect(tokenExpiry(session, at(7 * 24 * H - 60_000), DEFAULT_SESSION_LIMITS)).toEqual(at(7 * 24 * H));
  });
});

describe('activity and messages', () => {
  it('writes activity at most once a minute', () => {
    expect(shouldRecordActivity(t0, at(59_999))).toBe(false);
    expect(shouldRecordActivity(t0, at(60_000))).toBe(true);
  });
  it('says why a session ended, with the configured limits', () => {
    expect(endedMessage('idle', DEFAULT_SESSION_LIMITS)).toBe('Your session ended after 2 hours without activity. Sign in again to continue.');
    expect(endedMessage('expired', DEFAULT_SESSION_LIMITS)).toBe('Your session reached its 7 days limit. Sign in again to continue.');
    expect(endedMessage('revoked', DEFAULT_SESSION_LIMITS)).toMatch(/signed out/);
  });
});
