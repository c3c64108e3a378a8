import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER, CHAPTER_2, OTHER_SUBJECT_CHAPTER, Q, TOPIC, WRONG, answer, caller, days, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

describe('revision settings (admin)', () => {
  it('answers the growing defaults 1, 6, 15 while none are saved, and saves new intervals, for the owner with admin elevation only', async () => {
    const owner = newId();
    const admin = caller(h, owner, 'owner');
    expect((await admin({ url: '/api/admin/revision-settings', admin: true })).body).toEqual({ firstRevisionDays: 1, secondRevisionDays: 6, thirdRevisionDays: 15 });

    expect((await caller(h, null)({ url: '/api/admin/revision-settings' })).status).toBe(401);
    expect((await caller(h, newId())({ url: '/api/admin/revision-settings', admin: true })).status).toBe(403);
    const notElevated = await admin({ method: 'POST', url: '/api/admin/revision-settings', body: { firstRevisionDays: 1, secondRevisionDays: 1, thirdRevisionDays: 1 } });
    expect(notElevated).toMatchObject({ status: 403, body: { code: 'ADMIN_ELEVATION_REQUIRED' } });

    for (const bad of [
      { firstRevisionDays: 0, secondRevisionDays: 50, thirdRevisionDays: 50 },
      { firstRevisionDays: 5, secondRevisionDays: -1, thirdRevisionDays: 50 },
      { firstRevisionDays: 5, secondRevisionDays: 5, thirdRevisionDays: 'x' },
    ]) {
      const res = await admin({ method: 'POST', url: '/api/admin/revision-settings', body: bad, admin: true });
      expect(res, JSON.stringify([bad, res.body])).toMatchObject({ status: 400, body: { message: "Invalid Input, All revision days must be greater than 0" } });
    }
    const missing = await admin({ method: 'POST', url: '/api/admin/revision-settings', body: { firstRevisionDays: 5 }, admin: true });
    expect(missing).toMatchObject({ status: 400, body: { message: "body must have required property 'secondRevisionDays'" } });
    expect((await admin({ url: '/api/admin/revision-settings', admin: true })).body).toEqual({ firstRevisionDays: 1, secondRevisionDays: 6, thirdRevisionDays: 15 });

    const saved = await admin({ method: 'POST', url: '/api/admin/revision-settings', body: { firstRevisionDays: 1, secondRevisionDays: 2, thirdRevisionDays: 3 }, admin: true });
    expect(saved).toMatchObject({ status: 200, body: { firstRevisionDays: 1, secondRevisionDays: 2, thirdRevisionDays: 3 } });
    expect((await admin({ url: '/api/admin/revision-settings', admin: true })).body).toEqual({ firstRevisionDays: 1, secondRevisionDays: 2, thirdRevisionDays: 3 });
  });
});

describe('chapter progress, revision and history', () => {
  it('walks a chapter from first answers through three revisions (full chapter quizzes while due) to mastered', async () => {
    // Intervals 1, 2, 3 days were saved above.
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const t0 = h.clock.now;
    const at = (d: number) => { h.clock.now = new Date(t0.getTime() + days(d)); };
    const progress = async () => (await as({ url: `/api/chapter/progress?chapterId=${CHAPTER}` })).body;
    const fullQuizzes: string[] = [];
    const fullQuiz = async (right: boolean) => {
      const id = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: CHAPTER, questionsCount: 1 } })).body.id;
      fullQuizzes.unshift(id);
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, right ? 'Mitochondrion' : WRONG.cell, { sessionId: id }) });
      return as({ method: 'PATCH', url: `/api/sessions/${id}`, body: { timeSpent: 30, completed: true } });
    };
    try {
      expect(await progress()).toBeNull();
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion') });
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, WRONG.dna) });
      expect(await progress()).toMatchObject({
        chapterId: CHAPTER, questionsCorrect: 1, totalQuestions: 2, accuracyPercentage: 50, createdAt: t0.toISOString(),
        firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null,
        revisionStage: 0, revisionDue: false, revisionsDone: 0, nextRevisionAt: new Date(t0.getTime() + days(1)).toISOString(),
      });

      at(1);
      expect(await progress()).toMatchObject({ revisionStage: 1, revisionDue: true });
      // A topic quiz does not count as a revision; a full chapter quiz does.
      const topic = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'topic', topicId: TOPIC, questionsCount: 3 } })).body.id;
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.enzyme.questionId, 'Helicase', { sessionId: topic }) });
      const topicDone = await as({ method: 'PATCH', url: `/api/sessions/${topic}`, body: { timeSpent: 3, completed: true } });
      expect(topicDone.body).toMatchObject({ chapterId: CHAPTER, topicId: TOPIC, correctAnswers: 1 }); // from content, when it started
      expect(await progress()).toMatchObject({ revisionStage: 1, firstRevisionAt: null });
      await fullQuiz(true);
      expect(await progress()).toMatchObject({ revisionStage: 0, revisionsDone: 1, firstRevisionAt: h.clock.now.toISOString(), nextRevisionAt: new Date(t0.getTime() + days(3)).toISOString() });

      at(2);
      await fullQuiz(true); // not due yet: no revision recorded
      expect(await progress()).toMatchObject({ revisionStage: 0, revisionsDone: 1, secondRevisionAt: null });
      at(3);
      expect(await progress()).toMatchObject({ revisionStage: 2, revisionDue: true });
      await fullQuiz(false);
      expect(await progress()).toMatchObject({ revisionStage: 0, revisionsDone: 2 });
      at(6);
      expect(await progress()).toMatchObject({ revisionStage: 3, revisionDue: true });
      await fullQuiz(true);
      expect(await progress()).toMatchObject({ revisionStage: 4, revisionDue: false, revisionsDone: 3, nextRevisionAt: null, thirdRevisionAt: h.clock.now.toISOString() });

      // History: the last full chapter quiz and the last five quizzes, newest first.
      const history = (await as({ url: `/api/chapter/history?chapterId=${CHAPTER}` })).body;
      expect(history.lastFullChapterQuiz).toEqual({ date: h.clock.now.toISOString(), score: 1, totalQuestions: 1, percentage: 100 });
      expect(history.last5Quizzes).toHaveLength(5);
      expect(history.last5Quizzes.map((q: { quizType: string; scorePercentage: number }) => [q.quizType, q.scorePercentage]))
        .toEqual([['full', 100], ['full', 0], ['full', 100], ['full', 100], ['topic', 100]]);
      expect(history.last5Quizzes[0]).toEqual({ quizType: 'full', date: h.clock.now.toISOString(), score: 1, totalQuestions: 1, scorePercentage: 100, sessionId: fullQuizzes[0] });
      // Each quiz names its session, so the history dialog can list that quiz's wrong answers (issue 30 §2).
      expect(history.last5Quizzes.slice(0, 4).map((q: { sessionId?: string }) => q.sessionId)).toEqual(fullQuizzes);
      const wrongOnes = (await as({ url: `/api/sessions/${history.last5Quizzes[1].sessionId}/incorrect-questions` })).body;
      expect(wrongOnes.map((q: { id: string }) => q.id)).toEqual([Q.cell.questionId]);
    } finally {
      h.clock.now = t0;
    }
  });

  it('answers a batch of chapters in one call, keyed by chapter id, leaving out chapters without progress and other learners’ data', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.pollen.questionId, 'Anther') });
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.force.questionId, WRONG.force) });
    const other = newId();
    await subscribe(h, other);
    await caller(h, other)({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion') });

    const chapterIds = [CHAPTER, CHAPTER_2, OTHER_SUBJECT_CHAPTER, ...Array.from({ length: 17 }, newId)];
    const batch = await as({ method: 'POST', url: '/api/chapters/progress/batch', body: { chapterIds } });
    expect(batch.status).toBe(200);
    expect(Object.keys(batch.body).sort()).toEqual([CHAPTER_2, OTHER_SUBJECT_CHAPTER].sort());
    expect(batch.body[CHAPTER_2]).toMatchObject({ chapterId: CHAPTER_2, questionsCorrect: 1, totalQuestions: 1, accuracyPercentage: 100, revisionStage: 0 });
    expect(batch.body[OTHER_SUBJECT_CHAPTER]).toMatchObject({ questionsCorrect: 0, totalQuestions: 1, accuracyPercentage: 0 });
    expect((await as({ method: 'POST', url: '/api/chapters/progress/batch', body: { chapterIds: [] } })).body).toEqual({});

    expect((await caller(h, other)({ url: `/api/chapter/progress?chapterId=${CHAPTER_2}` })).body).toBeNull();
    expect((await caller(h, other)({ url: `/api/chapter/history?chapterId=${CHAPTER_2}` })).body).toEqual({ lastFullChapterQuiz: null, last5Quizzes: [] });
  });

  it('refuses bad input with 400 and clear messages, and visitors with 401', async () => {
    const as = caller(h, newId());
    const tooMany = Array.from({ length: 101 }, newId);
    expect((await as({ method: 'POST', url: '/api/chapters/progress/batch', body: { chapterIds: tooMany } })).body.message).toMatch(/body\/chapterIds must NOT have more than 100 items/);
    expect((await as({ method: 'POST', url: '/api/chapters/progress/batch', body: { chapterIds: [CHAPTER, CHAPTER] } })).body.message).toMatch(/duplicate items/);
    expect((await as({ method: 'POST', url: '/api/chapters/progress/batch', body: { chapterIds: ['x'] } })).body.message).toMatch(/body\/chapterIds\/0 must match pattern/);
    expect((await as({ url: '/api/chapter/progress' })).body).toMatchObject({ statusCode: 400, message: "querystring must have required property 'chapterId'" });
    expect((await as({ url: '/api/chapter/history?chapterId=1' })).status).toBe(400);
    const visitor = caller(h, null);
    expect((await visitor({ method: 'POST', url: '/api/chapters/progress/batch', body: { chapterIds: [CHAPTER] } })).status).toBe(401);
    expect((await visitor({ url: `/api/chapter/progress?chapterId=${CHAPTER}` })).status).toBe(401);
    expect((await visitor({ url: `/api/chapter/history?chapterId=${CHAPTER}` })).status).toBe(401);
  });
});
