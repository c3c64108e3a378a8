// study.rpc.answeredQuestion (issue 32 §4): svc-content takes a question flag only from a learner who answered it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER, Q, answer, caller, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

const ask = (userId: unknown, questionId: unknown) =>
  h.billing.bus.request<{ answered: boolean }>('study.rpc.answeredQuestion', { userId, questionId });

describe('study.rpc.answeredQuestion (for svc-content\'s question flags)', () => {
  it('is true once the learner answered the question in a quiz, and only for that learner and question', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    expect(await ask(learner, Q.cell.questionId)).toEqual({ answered: false });
    const id = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: CHAPTER, questionsCount: 3 } })).body.id;
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion', { sessionId: id, mode: 'full' }) });

    expect(await ask(learner, Q.cell.questionId)).toEqual({ answered: true });
    expect(await ask(learner, Q.dna.questionId)).toEqual({ answered: false });
    expect(await ask(newId(), Q.cell.questionId)).toEqual({ answered: false });
    await expect(ask('not-an-id', Q.cell.questionId)).rejects.toThrow(/BAD_REQUEST/);
  });
});
