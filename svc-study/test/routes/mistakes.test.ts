import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER, CHAPTER_2, OTHER_SUBJECT, OTHER_SUBJECT_CHAPTER, Q, SUBJECT, WRONG, answer, caller, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

const ids = (list: Array<{ id: string }>) => list.map((q) => q.id).sort();

describe('the mistakes lifecycle', () => {
  it('records wrong answers, lists and counts them, removes one answered right in review, and clears a chapter on a full quiz or on request', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const post = (body: unknown) => as({ method: 'POST', url: '/api/answers', body });

    // Wrong answers in two chapters of one subject and one of another subject; a right one adds nothing.
    for (const name of ['cell', 'dna', 'osmosis', 'pollen', 'force'] as const) await post(answer(Q[name].questionId, WRONG[name]));
    await post(answer(Q.enzyme.questionId, 'Helicase'));
    await post(answer(Q.cell.questionId, WRONG.cell)); // wrong twice: still one mistake

    expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 5 });
    expect((await as({ url: `/api/mistakes/by-chapter?subjectId=${SUBJECT}` })).body).toEqual({ [CHAPTER]: 3, [CHAPTER_2]: 1 });
    expect((await as({ url: `/api/mistakes/by-chapter?subjectId=${OTHER_SUBJECT}` })).body).toEqual({ [OTHER_SUBJECT_CHAPTER]: 1 });
    const chapter = (await as({ url: `/api/mistakes/questions/${CHAPTER}` })).body;
    expect(ids(chapter)).toEqual([Q.cell.questionId, Q.dna.questionId, Q.osmosis.questionId].sort());
    expect(chapter[0]).not.toHaveProperty('correctAnswer');
    expect(chapter[0]).not.toHaveProperty('explanation');
    expect(ids((await as({ url: `/api/mistakes/subject/${SUBJECT}` })).body)).toEqual([Q.cell.questionId, Q.dna.questionId, Q.osmosis.questionId, Q.pollen.questionId].sort());

    // Mistake review: a right answer removes the mistake, a wrong one keeps it.
    const review = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'mistakes', chapterId: CHAPTER, questionsCount: 3 } })).body.id;
    await post(answer(Q.cell.questionId, 'Mitochondrion', { sessionId: review }));
    await post(answer(Q.dna.questionId, WRONG.dna, { sessionId: review }));
    expect(ids((await as({ url: `/api/mistakes/questions/${CHAPTER}` })).body)).toEqual([Q.dna.questionId, Q.osmosis.questionId].sort());
    // Subject review too (mode given on the answer, no session needed for a subscriber).
    await post(answer(Q.pollen.questionId, 'Anther', { mode: 'subject-mistakes' }));
    expect((await as({ url: `/api/mistakes/by-chapter?subjectId=${SUBJECT}` })).body).toEqual({ [CHAPTER]: 2 });
    // A right answer outside mistake review does not clear a mistake.
    await post(answer(Q.osmosis.questionId, 'Osmosis', { mode: 'topic' }));
    expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 3 });

    // Starting a full chapter quiz clears that chapter's mistakes, and only that chapter's.
    await as({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: CHAPTER, questionsCount: 3 } });
    expect((await as({ url: `/api/mistakes/questions/${CHAPTER}` })).body).toEqual([]);
    expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 1 });

    expect((await as({ method: 'DELETE', url: `/api/mistakes/chapter/${OTHER_SUBJECT_CHAPTER}` })).body).toEqual({ ok: true });
    expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 0 });
    expect((await as({ url: `/api/mistakes/subject/${OTHER_SUBJECT}` })).body).toEqual([]);
  });

  it('keeps each learner’s mistakes to themselves', async () => {
    const a = newId();
    const b = newId();
    await subscribe(h, a);
    await subscribe(h, b);
    await caller(h, a)({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, WRONG.cell) });
    const asB = caller(h, b);
    expect((await asB({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 0 });
    expect((await asB({ url: `/api/mistakes/questions/${CHAPTER}` })).body).toEqual([]);
    expect((await asB({ url: `/api/mistakes/by-chapter?subjectId=${SUBJECT}` })).body).toEqual({});
    await asB({ method: 'DELETE', url: `/api/mistakes/chapter/${CHAPTER}` });
    expect((await caller(h, a)({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 1 });
  });

  it('is for signed-in learners; the review lists are for subscribers; bad ids are 400', async () => {
    const visitor = caller(h, null);
    for (const url of ['/api/mistakes/total', `/api/mistakes/questions/${CHAPTER}`, `/api/mistakes/subject/${SUBJECT}`, `/api/mistakes/by-chapter?subjectId=${SUBJECT}`]) {
      expect((await visitor({ url })).status).toBe(401);
    }
    expect((await visitor({ method: 'DELETE', url: `/api/mistakes/chapter/${CHAPTER}` })).status).toBe(401);

    const free = caller(h, newId());
    expect((await free({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 0 });
    const list = await free({ url: `/api/mistakes/questions/${CHAPTER}` });
    expect(list).toMatchObject({ status: 403, body: { code: 'NOT_ENTITLED', message: expect.stringMatching(/subscription/) } });
    expect((await free({ url: `/api/mistakes/subject/${SUBJECT}` })).status).toBe(403);

    expect((await free({ url: '/api/mistakes/by-chapter' })).body).toMatchObject({ statusCode: 400, message: "querystring must have required property 'subjectId'" });
    expect((await free({ url: '/api/mistakes/questions/abc' })).body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/params\/chapterId must match pattern/) });
  });
});
