import { describe, expect, it } from 'vitest';
import { entitlementOf, subscriptionStateOf } from '../../src/domain/entitlement';

const now = new Date('2025-06-01T00:00:00.000Z');
const d = (s: string) => new Date(s);
const sub = (over = {}) => ({ startsAt: d('2025-01-01T00:00:00Z'), endsAt: d('2026-01-01T00:00:00Z'), endedAt: null, endReason: null, ...over });

describe('entitlements (spec §6, §9)', () => {
  it('gives a new learner one trial quiz and no subscription', () => {
    expect(entitlementOf({ role: 'learner', subscriptions: [], counters: null }, now))
      .toMatchObject({ subscriptionStatus: 'none', subscribed: false, canTakeQuiz: true, trialQuizzesRemaining: 1, quizzesCompleted: 0 });
  });

  it('closes quizzes once the trial is used, unless subscribed', () => {
    const counters = { trialQuizzesRemaining: 0, quizzesCompleted: 1 };
    expect(entitlementOf({ role: 'learner', subscriptions: [], counters }, now)).toMatchObject({ canTakeQuiz: false });
    expect(entitlementOf({ role: 'learner', subscriptions: [sub()], counters }, now)).toMatchObject({ subscriptionStatus: 'active', subscribed: true, canTakeQuiz: true });
  });

  it('treats the owner as subscribed', () => {
    expect(entitlementOf({ role: 'owner', subscriptions: [], counters: { trialQuizzesRemaining: 0, quizzesCompleted: 0 } }, now))
      .toMatchObject({ subscriptionStatus: 'active', subscribed: true, canTakeQuiz: true });
  });

  it('reads ended and lapsed subscriptions whatever order their events came in', () => {
    expect(subscriptionStateOf([sub({ endedAt: d('2025-05-01T00:00:00Z'), endReason: 'cancelled' })], now).state).toBe('cancelled');
    expect(subscriptionStateOf([sub({ endsAt: d('2025-05-01T00:00:00Z') })], now).state).toBe('expired');
    expect(subscriptionStateOf([sub({ endedAt: d('2025-05-01T00:00:00Z'), endReason: 'refunded' }), sub({ startsAt: d('2025-05-02T00:00:00Z') })], now).state).toBe('active');
    // An end event that arrived before its activation: the record has an end and no dates, so it is not live.
    expect(subscriptionStateOf([{ startsAt: null, endsAt: null, endedAt: d('2025-05-01T00:00:00Z'), endReason: 'expired' }], now).state).toBe('expired');
  });
});
