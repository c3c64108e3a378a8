import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER, Q, TOPIC, WRONG, answer, caller, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

const ask = (sessionId: unknown) => h.billing.bus.request<Record<string, unknown>>('study.rpc.sessionResult', { sessionId });

describe('study.rpc.sessionResult (for svc-challenge)', () => {
  it('gives a session\'s owner, target, decided score and answered questions; nothing for unknown ids or bad requests', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const id = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: CHAPTER, questionsCount: 3 } })).body.id;
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion', { sessionId: id, mode: 'full' }) });
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, WRONG.dna, { sessionId: id, mode: 'full' }) });

    expect(await ask(id)).toMatchObject({ found: true, userId: learner, mode: 'full', chapterId: CHAPTER, completed: false, score: 0 });
    await as({ method: 'PATCH', url: `/api/sessions/${id}`, body: { timeSpent: 80, completed: true } });
    const done = await ask(id);
    expect(done).toEqual({
      found: true, sessionId: id, userId: learner, mode: 'full', topicId: null, chapterId: CHAPTER, completed: true,
      score: 50, correctAnswers: 1, totalQuestions: 2, timeSpent: 80, questionIds: expect.any(Array),
    });
    expect([...(done.questionIds as string[])].sort()).toEqual([Q.cell.questionId, Q.dna.questionId].sort());

    expect(await ask(newId())).toMatchObject({ found: false, userId: null });
    await expect(ask('not-an-id')).rejects.toThrow(/BAD_REQUEST/);
  });

  it('by topic: the learner\'s latest completed full or topic quiz of it, never another learner\'s', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const byTopic = (userId: string) => h.billing.bus.request<Record<string, unknown>>('study.rpc.sessionResult', { userId, topicId: TOPIC });
    expect(await byTopic(learner)).toMatchObject({ found: false, sessionId: null });
    const first = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'topic', topicId: TOPIC, questionsCount: 2 } })).body.id;
    await as({ method: 'PATCH', url: `/api/sessions/${first}`, body: { timeSpent: 30, completed: true } });
    const open = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'topic', topicId: TOPIC, questionsCount: 2 } })).body.id;
    expect(open).not.toBe(first);
    // The newer session is not finished: the finished one is given.
    expect(await byTopic(learner)).toMatchObject({ found: true, sessionId: first, userId: learner, topicId: TOPIC, completed: true, timeSpent: 30 });
    expect(await byTopic(newId())).toMatchObject({ found: false });
  });
});
