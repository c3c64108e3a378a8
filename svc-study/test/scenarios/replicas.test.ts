// Two svc-study instances on one database and one NATS (two replicas behind the gateway): one learner's answers,
// a pause, a resume and a completion spread across both at once must leave every count exactly right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApp } from '@lp/service-kit';
import { decodeLearner, learnerCollection, type StoredLearner } from '../../src/models/learner';
import { BIG, BIG_CHAPTER, answer, caller, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
let second: ServiceApp;
beforeAll(async () => {
  h = await startHarness();
  second = await h.rebuild();
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

const REPEATS = 20;
const SENDS_PER_QUESTION = 4;
const rightFor = (i: number) => i % 3 !== 0; // each question is answered the same way every time it is sent
const expectedCorrect = BIG.filter((_, i) => rightFor(i)).length;

describe('svc-study on two replicas', () => {
  it(`keeps one learner's 200 answers, a pause, a resume and the completion exact (${REPEATS} runs)`, async () => {
    for (let run = 0; run < REPEATS; run++) {
      const learner = newId();
      await subscribe(h, learner);
      const on = [caller(h, learner, 'learner', h.app), caller(h, learner, 'learner', second)];
      const started = await on[run % 2]!({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: BIG_CHAPTER, questionsCount: BIG.length } });
      expect(started.status).toBe(200);
      const id = started.body.id as string;

      const sends = BIG.flatMap((q, i) => Array.from({ length: SENDS_PER_QUESTION }, () =>
        answer(q.questionId, rightFor(i) ? 'Yes' : 'No', { sessionId: id })));
      const answering = Promise.all(sends.map((body, n) => on[n % 2]!({ method: 'POST', url: '/api/answers', body })));
      const pausing = on[0]!({ method: 'PATCH', url: `/api/sessions/${id}/pause`, body: { currentQuestionIndex: 20, timeSpent: 300 } })
        .then(() => on[1]!({ method: 'PATCH', url: `/api/sessions/${id}/resume` }));
      const [results, resumed] = await Promise.all([answering, pausing]);
      expect(results.filter((r) => r.status !== 200)).toEqual([]);
      expect(results.filter((r) => r.body.counted)).toHaveLength(BIG.length);
      expect(resumed.body).toMatchObject({ isPaused: false, currentQuestionIndex: 20 });

      const done = await on[(run + 1) % 2]!({ method: 'PATCH', url: `/api/sessions/${id}`, body: { timeSpent: 600, completed: true } });
      expect(done.body).toMatchObject({ completed: true, questionsAnswered: BIG.length, correctAnswers: expectedCorrect, timeSpent: 600 });

      for (const as of on) {
        expect((await as({ url: `/api/sessions/${id}` })).body).toMatchObject({ questionsAnswered: BIG.length, correctAnswers: expectedCorrect, completed: true, isPaused: false });
        expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(BIG.length);
        expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: BIG.length - expectedCorrect });
        expect((await as({ url: `/api/chapter/progress?chapterId=${BIG_CHAPTER}` })).body).toMatchObject({ totalQuestions: BIG.length, questionsCorrect: expectedCorrect });
        expect((await as({ url: `/api/chapter/history?chapterId=${BIG_CHAPTER}` })).body.last5Quizzes).toEqual([
          expect.objectContaining({ quizType: 'full', score: expectedCorrect, totalQuestions: BIG.length }),
        ]);
        expect((await as({ url: '/api/subscription/status' })).body.quizzesCompleted).toBe(1);
      }
      const stored = await h.app.db.collection<StoredLearner>(learnerCollection(learner)).findOne({ _id: learner });
      expect(Object.keys(decodeLearner(learner, stored).cards)).toHaveLength(BIG.length);
      expect(await h.app.db.collection('answers').countDocuments({ userId: learner })).toBe(BIG.length * SENDS_PER_QUESTION);
    }
  }, 300_000);
});
