import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recallAfter, scheduleReview } from '../../src/domain/review';
import { CHAPTER, OTHER_SUBJECT, OTHER_SUBJECT_CHAPTER, Q, SUBJECT, WRONG, answer, caller, days, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); }); // the clock starts on 1 June 2025, 11:30 in India
afterAll(async () => { await h?.close(); });

describe('GET /api/recall (issue 32 §2)', () => {
  it('is for signed-in learners only, and empty for a learner with no reviews', async () => {
    expect((await caller(h, null)({ url: '/api/recall' })).status).toBe(401);
    expect(await caller(h, newId())({ url: '/api/recall' })).toMatchObject({ status: 200, body: { chapters: [], examDays: [] } });
  });

  it('predicts each chapter’s recall from the cards at a fixed clock, counts unseen questions apart, and forecasts exam day', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const t0 = h.clock.now;
    await as({ method: 'PUT', url: `/api/exam-dates/${SUBJECT}`, body: { examDate: '2025-07-15' } });
    // Chapter 1 has four questions: two answered right, one wrong, osmosis never seen; physics: one right.
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion') });
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, 'True') });
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.enzyme.questionId, WRONG.enzyme) });
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.force.questionId, 'Newton') });
    try {
      h.clock.now = new Date(t0.getTime() + days(10));
      const { status, body } = await as({ url: '/api/recall' });
      expect(status).toBe(200);
      const right = scheduleReview(null, true, t0); // the card of a first answer, right, at t0
      const rightToday = recallAfter(10, right.stability);
      expect(rightToday).toBeGreaterThan(0.5);
      expect(rightToday).toBeLessThan(0.95);
      const byChapter = new Map(body.chapters.map((c: { chapterId: string }) => [c.chapterId, c]));
      // The wrong answer counts as not remembered; osmosis is unseen, not remembered.
      expect(byChapter.get(CHAPTER)).toEqual({ chapterId: CHAPTER, subjectId: SUBJECT, reviewed: 3, unseen: 1, recallToday: expect.closeTo((2 * rightToday) / 3, 10) });
      expect(byChapter.get(OTHER_SUBJECT_CHAPTER)).toEqual({ chapterId: OTHER_SUBJECT_CHAPTER, subjectId: OTHER_SUBJECT, reviewed: 1, unseen: 0, recallToday: expect.closeTo(rightToday, 10) });

      // Only the subject with an exam date gets a forecast; keeping up with the reviews beats stopping.
      expect(body.examDays).toHaveLength(1);
      const [exam] = body.examDays;
      expect(exam).toMatchObject({ subjectId: SUBJECT, examDate: '2025-07-15', reviewed: 3, unseen: 1 });
      expect(exam.recallIfStopped).toBeCloseTo((2 * recallAfter(44, right.stability)) / 3, 10); // 1 June → 15 July
      expect(exam.recallAtPace).toBeGreaterThan(0.9);
      expect(exam.chapters).toEqual([{ chapterId: CHAPTER, reviewed: 3, unseen: 1, recallIfStopped: exam.recallIfStopped, recallAtPace: exam.recallAtPace }]);
    } finally {
      h.clock.now = t0;
    }
  });
});
