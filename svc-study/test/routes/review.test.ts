import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLearner, learnerCollection, type StoredLearner } from '../../src/models/learner';
import { Q, TOPIC_2, WRONG, answer, caller, days, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

describe('GET /api/questions/review (FSRS review queue)', () => {
  it('brings answered questions back when due, most overdue first, without their answers', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const t0 = h.clock.now;
    try {
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, 'True') });
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, WRONG.cell) });
      // The mistake is back in the queue at once; the right one is not.
      const now = (await as({ url: '/api/questions/review' })).body;
      expect(now).toEqual([{
        id: Q.cell.questionId, topicId: Q.cell.topicId, chapterId: Q.cell.chapterId, question: Q.cell.question, type: 'multiple_choice',
        options: Q.cell.options, difficulty: 1, figureReference: null, dueAt: t0.toISOString(),
      }]);

      h.clock.now = new Date(t0.getTime() + days(1));
      expect((await as({ url: '/api/questions/review' })).body.map((q: { id: string }) => q.id)).toEqual([Q.cell.questionId]);

      h.clock.now = new Date(t0.getTime() + days(30));
      const later = (await as({ url: '/api/questions/review' })).body;
      expect(later.map((q: { id: string }) => q.id)).toEqual([Q.cell.questionId, Q.dna.questionId]);
      expect(Date.parse(later[1].dueAt)).toBeGreaterThan(Date.parse(later[0].dueAt));
      expect(later[1].dueAt > t0.toISOString()).toBe(true);
      expect((await as({ url: '/api/questions/review?limit=1' })).body.map((q: { id: string }) => q.id)).toEqual([Q.cell.questionId]);
      for (const q of later) {
        expect(q).not.toHaveProperty('correctAnswer');
        expect(q).not.toHaveProperty('explanation');
      }

      // Answered right on its review day, it goes further out and leaves the queue for now.
      h.clock.now = new Date(t0.getTime() + days(1));
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion', { mode: 'review' }) });
      expect((await as({ url: '/api/questions/review' })).body).toEqual([]);
    } finally {
      h.clock.now = t0;
    }
  });

  it('does not inflate a question’s interval when it is answered right again the same day', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const t0 = h.clock.now;
    const dueAtFarAhead = async () => {
      const saved = h.clock.now;
      h.clock.now = new Date(t0.getTime() + days(300)); // within the year of the subscription
      const queue = (await as({ url: '/api/questions/review' })).body as Array<{ id: string; dueAt: string }>;
      h.clock.now = saved;
      return queue.find((q) => q.id === Q.enzyme.questionId)!.dueAt;
    };
    try {
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.enzyme.questionId, 'Helicase') });
      const first = await dueAtFarAhead();
      h.clock.now = new Date(t0.getTime() + 3 * 3_600_000); // three hours later, the same day in India
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.enzyme.questionId, 'Helicase') });
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.enzyme.questionId, 'helicase') });
      expect(await dueAtFarAhead()).toBe(first);
      // The next day, a right answer counts again and pushes it further out.
      h.clock.now = new Date(t0.getTime() + days(2));
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.enzyme.questionId, 'Helicase') });
      expect(Date.parse(await dueAtFarAhead())).toBeGreaterThan(Date.parse(first));
    } finally {
      h.clock.now = t0;
    }
  });

  it('a retake the same day leaves the card’s stability as the quiz left it, and still counts the mistake (issue 32 §5)', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const t0 = h.clock.now;
    const card = async () => {
      const stored = await h.app.db.collection<StoredLearner>(learnerCollection(learner)).findOne({ _id: learner });
      return decodeLearner(learner, stored).cards[Q.osmosis.questionId]!;
    };
    const quiz = async () => (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'topic', topicId: TOPIC_2, questionsCount: 1 } })).body.id as string;
    try {
      const first = await quiz();
      expect((await as({ method: 'POST', url: '/api/answers', body: answer(Q.osmosis.questionId, WRONG.osmosis, { sessionId: first, mode: 'topic' }) })).body.counted).toBe(true);
      const afterQuiz = await card();
      expect(await as({ method: 'DELETE', url: `/api/sessions/${first}` })).toMatchObject({ status: 200 });

      h.clock.now = new Date(t0.getTime() + 2 * 3_600_000); // the retake, two hours later the same India day
      const retake = await quiz();
      expect((await as({ method: 'POST', url: '/api/answers', body: answer(Q.osmosis.questionId, WRONG.osmosis, { sessionId: retake, mode: 'topic' }) })).body.counted).toBe(true);
      const afterRetake = await card();
      expect(afterRetake).toMatchObject({ stability: afterQuiz.stability, difficulty: afterQuiz.difficulty, reps: afterQuiz.reps, lapses: afterQuiz.lapses });
      // The mistake state does follow the retake: two wrong answers.
      expect((await as({ url: `/api/mistakes/by-chapter?subjectId=${Q.osmosis.subjectId}` })).body).toEqual({ [Q.osmosis.chapterId]: 1 });
      expect(decodeLearner(learner, await h.app.db.collection<StoredLearner>(learnerCollection(learner)).findOne({ _id: learner })).mistakes[Q.osmosis.questionId]!.wrongCount).toBe(2);
    } finally {
      h.clock.now = t0;
    }
  });

  it('is for subscribers: 401 for visitors, 403 NOT_ENTITLED for free users, 400 for a bad limit', async () => {
    expect((await caller(h, null)({ url: '/api/questions/review' })).status).toBe(401);
    const free = await caller(h, newId())({ url: '/api/questions/review' });
    expect(free).toMatchObject({ status: 403, body: { code: 'NOT_ENTITLED', message: expect.stringMatching(/subscription/) } });
    const owner = await caller(h, newId(), 'owner')({ url: '/api/questions/review' });
    expect(owner).toMatchObject({ status: 200, body: [] });
    const bad = await caller(h, newId(), 'owner')({ url: '/api/questions/review?limit=0' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'querystring/limit must be >= 1' } });
  });
});
