import { describe, expect, it } from 'vitest';
import { attemptScore, challengeStatus, expiredMessage, expiresAtFrom, guestNameOf, hashKey, keyMatches, linkState, messageOf, newAttemptKey, newToken, scoreAnswer, secondsBetween } from '../../src/domain/rules';

describe('tokens and keys', () => {
  it('issues unguessable URL-safe tokens (128 bits) and attempt keys, stores only a key\'s hash', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newToken));
    expect(tokens.size).toBe(1000);
    for (const t of [...tokens].slice(0, 20)) expect(t).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(newToken(), 'base64url')).toHaveLength(16);
    const key = newAttemptKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keyMatches(key, hashKey(key))).toBe(true);
    expect(keyMatches(newAttemptKey(), hashKey(key))).toBe(false);
    expect(hashKey(key)).not.toContain(key);
  });
});

describe('expiry and usage', () => {
  const created = new Date('2026-03-02T06:00:00.000Z');
  const expiresAt = expiresAtFrom(created);
  it('expires 7 days after creation, says when, and counts uses against maxUses (empty: unlimited)', () => {
    expect(expiresAt.toISOString()).toBe('2026-03-09T06:00:00.000Z');
    expect(linkState({ expiresAt, maxUses: null }, 10_000, new Date('2026-03-09T05:59:59.999Z'))).toBe('playable');
    expect(linkState({ expiresAt, maxUses: null }, 0, expiresAt)).toBe('expired');
    expect(linkState({ expiresAt, maxUses: 5 }, 4, created)).toBe('playable');
    expect(linkState({ expiresAt, maxUses: 5 }, 5, created)).toBe('used-up');
    expect(expiredMessage(expiresAt)).toBe('Challenge expired on 9 Mar 2026');
  });
  it('is open until a result comes in, then completed; expired when nobody played in time', () => {
    expect(challengeStatus({ expiresAt }, 0, created)).toBe('open');
    expect(challengeStatus({ expiresAt }, 1, created)).toBe('completed');
    expect(challengeStatus({ expiresAt }, 0, expiresAt)).toBe('expired');
    expect(challengeStatus({ expiresAt }, 2, expiresAt)).toBe('completed');
  });
});

describe('guest names and messages (spec §5)', () => {
  it('needs a name of at least 2 characters after trimming', () => {
    expect(guestNameOf(' A ')).toBeNull();
    expect(guestNameOf('   ')).toBeNull();
    expect(guestNameOf(undefined)).toBeNull();
    expect(guestNameOf('  Al ')).toBe('Al');
    expect(guestNameOf(' Ravi   Kumar ')).toBe('Ravi Kumar');
  });
  it('invites the friend to beat the score when the message is empty', () => {
    expect(messageOf('', { name: 'Asha', score: 75 })).toBe('Asha scored 75% on this topic. Can you beat that score?');
    expect(messageOf('  Beat me! ', { name: 'Asha', score: 75 })).toBe('Beat me!');
  });
});

describe('scoring through the shared question rules', () => {
  const mc = { type: 'multiple_choice', options: ['Nucleus', 'Mitochondrion'], correctAnswer: 'Mitochondrion', explanation: 'ATP.' };
  it('scores an option index, typed text and legacy keys, and gives back the answer and explanation', () => {
    expect(scoreAnswer(mc, 1)).toEqual({ isCorrect: true, correctAnswer: 'Mitochondrion', correctIndex: 1, explanation: 'ATP.' });
    expect(scoreAnswer(mc, 0)).toMatchObject({ isCorrect: false, correctIndex: 1 });
    expect(scoreAnswer({ ...mc, correctAnswer: 'B' }, 1)).toMatchObject({ isCorrect: true, correctAnswer: 'Mitochondrion' });
    const short = { type: 'short_answer', options: [], correctAnswer: 'Helicase', explanation: 'Unwinds.' };
    expect(scoreAnswer(short, '  helicase ')).toEqual({ isCorrect: true, correctAnswer: 'Helicase', correctIndex: null, explanation: 'Unwinds.' });
    expect(scoreAnswer(short, 'ligase').isCorrect).toBe(false);
  });
  it('scores an attempt over every question: unanswered ones are wrong', () => {
    expect(attemptScore(['a', 'b', 'c', 'd'], new Map([['a', true], ['b', true], ['c', false]]))).toEqual({ score: 50, correctAnswers: 2, totalQuestions: 4 });
    expect(attemptScore(['a'], new Map())).toEqual({ score: 0, correctAnswers: 0, totalQuestions: 1 });
  });
  it('measures time on the server', () => {
    expect(secondsBetween(new Date(0), new Date(95_400))).toBe(95);
    expect(secondsBetween(new Date(10_000), new Date(0))).toBe(0);
  });
});
