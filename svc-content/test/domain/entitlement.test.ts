import { describe, expect, it } from 'vitest';
import { fullListAccess } from '../../src/domain/entitlement';

describe('who may load a full question list', () => {
  const status = (subscriptionStatus: 'none' | 'active' | 'expired' | 'cancelled', trialQuizzesRemaining: number) =>
    ({ subscriptionStatus, trialQuizzesRemaining, canTakeQuiz: subscriptionStatus === 'active' || trialQuizzesRemaining > 0 });

  it('lets the owner, a subscriber and a free user with a trial quiz left in', () => {
    expect(fullListAccess('owner')).toEqual({ allowed: true, why: 'owner' });
    expect(fullListAccess('learner', status('active', 0))).toEqual({ allowed: true, why: 'subscriber' });
    expect(fullListAccess('learner', status('none', 1))).toEqual({ allowed: true, why: 'trial' });
  });

  it('keeps out a free user whose trial is used, and anyone whose status is unknown', () => {
    expect(fullListAccess('learner', status('none', 0))).toEqual({ allowed: false });
    expect(fullListAccess('learner', status('expired', 0))).toEqual({ allowed: false });
    expect(fullListAccess('learner', status('cancelled', 0))).toEqual({ allowed: false });
    expect(fullListAccess('learner')).toEqual({ allowed: false });
  });

  it('lets a free user whose trial is in use reopen that quiz\'s list (svc-study says canTakeQuiz for it)', () => {
    expect(fullListAccess('learner', { subscriptionStatus: 'none', trialQuizzesRemaining: 0, canTakeQuiz: true })).toEqual({ allowed: true, why: 'trial' });
  });
});
