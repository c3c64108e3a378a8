import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Q, WRONG, answer, caller, days, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); }); // the clock starts on 1 June 2025, 11:30 in India
afterAll(async () => { await h?.close(); });

describe('GET /api/study-days (issue 32 §3)', () => {
  it('answers and accuracy per India day over the last 30, and the days studied: a missed day costs one day', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const t0 = h.clock.now;
    try {
      const first = answer(Q.cell.questionId, Q.cell.correctAnswer);
      await as({ method: 'POST', url: '/api/answers', body: first });
      await as({ method: 'POST', url: '/api/answers', body: first }); // a retry: counted once
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, WRONG.dna) });
      h.clock.now = new Date(t0.getTime() + days(2)); // 3 June: 2 June missed
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.enzyme.questionId, Q.enzyme.correctAnswer) });

      const { status, body } = await as({ url: '/api/study-days' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ daysStudied: 2, windowDays: 30 });
      expect(body.days).toHaveLength(30);
      expect(body.days.slice(-3)).toEqual([
        { day: '2025-06-01', answered: 2, correct: 1, accuracy: 50 },
        { day: '2025-06-02', answered: 0, correct: 0, accuracy: null },
        { day: '2025-06-03', answered: 1, correct: 1, accuracy: 100 },
      ]);
      expect(body.days[0]).toEqual({ day: '2025-05-05', answered: 0, correct: 0, accuracy: null });
      // The streak starts again after the missed day; the window keeps both days.
      expect((await as({ url: '/api/sessions/stats' })).body).toMatchObject({ currentStreak: 1, totalQuestions: 3 });

      h.clock.now = new Date(t0.getTime() + days(30)); // 1 June has left the window
      const later = (await as({ url: '/api/study-days' })).body;
      expect(later.daysStudied).toBe(1);
      expect(later.days[0]).toEqual({ day: '2025-06-02', answered: 0, correct: 0, accuracy: null });
    } finally {
      h.clock.now = t0;
    }
  });

  it('is the caller’s own, and visitors are refused', async () => {
    expect((await caller(h, newId())({ url: '/api/study-days' })).body).toMatchObject({ daysStudied: 0, windowDays: 30 });
    expect((await caller(h, null)({ url: '/api/study-days' })).status).toBe(401);
  });
});
