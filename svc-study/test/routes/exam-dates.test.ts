import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Q, SUBJECT, answer, caller, days, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); }); // the clock starts on 1 June 2025, 11:30 in India
afterAll(async () => { await h?.close(); });

describe('exam dates (issue 32 §1)', () => {
  it('sets, lists and clears a subject’s exam date; refuses a day that does not exist or has passed', async () => {
    const as = caller(h, newId());
    expect((await as({ url: '/api/exam-dates' })).body).toEqual({ examDates: [] });
    const set = await as({ method: 'PUT', url: `/api/exam-dates/${SUBJECT}`, body: { examDate: '2026-03-27' } });
    expect(set).toMatchObject({ status: 200, body: { examDates: [{ subjectId: SUBJECT, examDate: '2026-03-27' }] } });
    expect((await as({ url: '/api/exam-dates' })).body).toEqual({ examDates: [{ subjectId: SUBJECT, examDate: '2026-03-27' }] });

    expect(await as({ method: 'PUT', url: `/api/exam-dates/${SUBJECT}`, body: { examDate: '2026-02-30' } }))
      .toMatchObject({ status: 400, body: { code: 'INVALID_EXAM_DATE', message: 'examDate is not a calendar day' } });
    expect(await as({ method: 'PUT', url: `/api/exam-dates/${SUBJECT}`, body: { examDate: '2025-05-31' } }))
      .toMatchObject({ status: 400, body: { code: 'INVALID_EXAM_DATE', message: 'examDate has passed: choose today or a later day' } });
    expect((await as({ method: 'PUT', url: `/api/exam-dates/${SUBJECT}`, body: { examDate: '27/03/2026' } })).status).toBe(400);
    expect((await as({ url: '/api/exam-dates' })).body.examDates).toEqual([{ subjectId: SUBJECT, examDate: '2026-03-27' }]);

    expect((await as({ method: 'PUT', url: `/api/exam-dates/${SUBJECT}`, body: { examDate: null } })).body).toEqual({ examDates: [] });
    expect((await caller(h, null)({ url: '/api/exam-dates' })).status).toBe(401);
  });

  it('brings a question back before the exam when FSRS alone would show it only on exam day', async () => {
    const withExam = newId();
    const without = newId();
    await subscribe(h, withExam);
    await subscribe(h, without);
    const t0 = h.clock.now;
    await caller(h, withExam)({ method: 'PUT', url: `/api/exam-dates/${SUBJECT}`, body: { examDate: '2025-06-04' } });
    for (const learner of [withExam, without]) {
      await caller(h, learner)({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, 'True') });
    }
    // The schedule the learner sees: due on the eve of the exam, not on exam day.
    const schedule = async (learner: string) => (await caller(h, learner)({ url: '/api/review-schedule?days=4' })).body.days;
    expect(await schedule(withExam)).toEqual([
      { day: '2025-06-01', due: 0 }, { day: '2025-06-02', due: 0 }, { day: '2025-06-03', due: 1 }, { day: '2025-06-04', due: 0 },
    ]);
    expect((await schedule(without)).map((d: { due: number }) => d.due)).toEqual([0, 0, 0, 1]);
    try {
      h.clock.now = new Date(t0.getTime() + days(2)); // 3 June, the eve of the exam
      const queue = async (learner: string) => (await caller(h, learner)({ url: '/api/questions/review' })).body.map((q: { id: string }) => q.id);
      expect(await queue(withExam)).toEqual([Q.dna.questionId]);
      expect(await queue(without)).toEqual([]); // FSRS alone: 4 June, exam day itself
      h.clock.now = new Date(t0.getTime() + days(3));
      expect(await queue(without)).toEqual([Q.dna.questionId]);
    } finally {
      h.clock.now = t0;
    }
  });
});
