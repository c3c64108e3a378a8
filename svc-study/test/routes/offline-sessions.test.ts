// A quiz started offline (issue 33 §2): the runner makes the session id, and the session is created when the
// connection returns; the start may be sent more than once (a retry, two tabs, two replicas) and still makes one quiz.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER, Q, WRONG, answer, caller, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

describe('a session started with a runner-made id', () => {
  it('is created once however often the start is sent, at once or later, and its queued answers score once each', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const sessionId = newId();
    const start = { mode: 'full', chapterId: CHAPTER, questionsCount: 3, sessionId };

    const together = await Promise.all([1, 2, 3].map(() => as({ method: 'POST', url: '/api/sessions', body: start })));
    expect(together.map((r) => [r.status, r.body.id])).toEqual([[200, sessionId], [200, sessionId], [200, sessionId]]);

    // The queued answers go out, one of them twice (its first call's reply was lost).
    const right = answer(Q.cell.questionId, 'Mitochondrion', { sessionId, mode: 'full' });
    await as({ method: 'POST', url: '/api/answers', body: right });
    await as({ method: 'POST', url: '/api/answers', body: right });
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, WRONG.dna, { sessionId, mode: 'full' }) });

    const later = await as({ method: 'POST', url: '/api/sessions', body: start });
    expect(later.body).toMatchObject({ id: sessionId, questionsAnswered: 2, correctAnswers: 1 });
    const done = await as({ method: 'PATCH', url: `/api/sessions/${sessionId}`, body: { timeSpent: 60, completed: true } });
    expect(done.body).toMatchObject({ id: sessionId, completed: true, questionsAnswered: 2, correctAnswers: 1 });
    // Started again after completing (a late retry): still that one completed quiz, not a new one.
    expect((await as({ method: 'POST', url: '/api/sessions', body: start })).body).toMatchObject({ id: sessionId, completed: true, correctAnswers: 1 });
  });

  it('refuses an id another learner’s session already has, and leaves that session as it was', async () => {
    const owner = newId();
    const other = newId();
    await subscribe(h, owner);
    await subscribe(h, other);
    const sessionId = newId();
    const start = { mode: 'full', chapterId: CHAPTER, questionsCount: 3, sessionId };
    expect((await caller(h, owner)({ method: 'POST', url: '/api/sessions', body: start })).status).toBe(200);

    const taken = await caller(h, other)({ method: 'POST', url: '/api/sessions', body: start });
    expect(taken).toMatchObject({ status: 409, body: { code: 'SESSION_ID_TAKEN' } });
    expect((await caller(h, other)({ url: `/api/sessions/${sessionId}` })).status).toBe(404);
    expect((await caller(h, owner)({ url: `/api/sessions/${sessionId}` })).body).toMatchObject({ id: sessionId, userId: owner });
  });
});
