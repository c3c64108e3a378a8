import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@lp/service-kit/testing';
import { connect } from '@nats-io/transport-node';
import { CHAPTER, Q, TOPIC, WRONG, answer, caller, days, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

const fullQuiz = { mode: 'full', chapterId: CHAPTER, questionsCount: 3 };

describe('quiz sessions', () => {
  it('starts, pauses, resumes and completes a subscriber’s full chapter quiz, scored on the server, publishing study.quiz.completed once', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const created = await as({ method: 'POST', url: '/api/sessions', body: fullQuiz });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ userId: learner, mode: 'full', chapterId: CHAPTER, completed: false, isPaused: false, questionsCount: 3 });
    const id = created.body.id;

    expect((await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion', { sessionId: id, mode: 'full' }) })).body.isCorrect).toBe(true);
    expect((await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, WRONG.dna, { sessionId: id, mode: 'full' }) })).body.isCorrect).toBe(false);

    const paused = await as({ method: 'PATCH', url: `/api/sessions/${id}/pause`, body: { currentQuestionIndex: 2, timeSpent: 40 } });
    expect(paused.body).toMatchObject({ isPaused: true, currentQuestionIndex: 2, questionsAnswered: 2, correctAnswers: 1, timeSpent: 40 });
    expect((await as({ url: '/api/sessions/paused' })).body).toMatchObject([{ id, isPaused: true, currentQuestionIndex: 2 }]);

    const resumed = await as({ method: 'PATCH', url: `/api/sessions/${id}/resume` });
    expect(resumed.body).toMatchObject({ isPaused: false, currentQuestionIndex: 2 });
    expect((await as({ url: '/api/sessions/paused' })).body).toEqual([]);

    await as({ method: 'POST', url: '/api/answers', body: answer(Q.enzyme.questionId, 'helicase', { sessionId: id, mode: 'full' }) });

    // Listen for the event on NATS, as svc-challenge or a notifier would.
    const nc = await connect({ servers: h.app.config.natsUrl });
    const seen: Array<Record<string, unknown>> = [];
    const sub = nc.subscribe('study.quiz.completed');
    void (async () => { for await (const m of sub) seen.push(m.json<{ data: Record<string, unknown> }>().data); })();
    try {
      // The server recorded 2 right of 3; the runner sends no counts at all.
      const done = await as({ method: 'PATCH', url: `/api/sessions/${id}`, body: { timeSpent: 95, completed: true } });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ completed: true, isPaused: false, questionsAnswered: 3, correctAnswers: 2, timeSpent: 95 });
      expect(done.body.completedAt).toBeTruthy();
      const again = await as({ method: 'PATCH', url: `/api/sessions/${id}`, body: { timeSpent: 120, completed: true } });
      expect(again.body).toEqual(done.body);

      const mine = await eventually(async () => seen.find((e) => e.sessionId === id));
      expect(mine).toEqual({ userId: learner, sessionId: id, mode: 'full', chapterId: CHAPTER, topicId: null, score: 67, correct: 2, total: 3, timeSpent: 95 });
      await new Promise((r) => setTimeout(r, 300));
      expect(seen.filter((e) => e.sessionId === id)).toHaveLength(1);
    } finally {
      await nc.close();
    }

    expect((await as({ url: `/api/sessions/${id}` })).body).toMatchObject({ id, completed: true });
    const wrong = await as({ url: `/api/sessions/${id}/incorrect-questions` });
    expect(wrong.body).toEqual([{ id: Q.dna.questionId, topicId: TOPIC, chapterId: CHAPTER, question: Q.dna.question, type: 'true_false', options: ['True', 'False'], difficulty: 1, figureReference: null }]);
    expect(JSON.stringify(wrong.body)).not.toContain('Watson');

    expect((await as({ method: 'PATCH', url: `/api/sessions/${id}/pause`, body: { currentQuestionIndex: 0, timeSpent: 0 } })).body)
      .toMatchObject({ statusCode: 409, code: 'SESSION_COMPLETED' });
  });

  it('refuses to pause at a question index outside the quiz (index 200 of a 3-question quiz), and pauses at its last question', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const id = (await as({ method: 'POST', url: '/api/sessions', body: fullQuiz })).body.id;
    for (const index of [200, 3]) {
      const refused = await as({ method: 'PATCH', url: `/api/sessions/${id}/pause`, body: { currentQuestionIndex: index, timeSpent: 5 } });
      expect(refused).toMatchObject({ status: 400, body: { message: 'currentQuestionIndex must be a question of this quiz: 0 to 2.' } });
    }
    expect((await as({ url: '/api/sessions/paused' })).body).toEqual([]);
    const paused = await as({ method: 'PATCH', url: `/api/sessions/${id}/pause`, body: { currentQuestionIndex: 2, timeSpent: 5 } });
    expect(paused.body).toMatchObject({ isPaused: true, currentQuestionIndex: 2 });
  });

  it('keeps at most one paused session per learner: starting or pausing another is refused with 409 until it is resumed or retaken', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const a = (await as({ method: 'POST', url: '/api/sessions', body: fullQuiz })).body.id;
    const b = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'topic', topicId: TOPIC, questionsCount: 5 } })).body.id;
    const pauseBody = { currentQuestionIndex: 1, timeSpent: 10 };
    expect((await as({ method: 'PATCH', url: `/api/sessions/${a}/pause`, body: pauseBody })).status).toBe(200);
    expect((await as({ method: 'PATCH', url: `/api/sessions/${a}/pause`, body: pauseBody })).status).toBe(200); // pausing it again is fine

    const second = await as({ method: 'PATCH', url: `/api/sessions/${b}/pause`, body: pauseBody });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'SESSION_PAUSED', message: expect.stringMatching(/already have a paused quiz/) });
    const start = await as({ method: 'POST', url: '/api/sessions', body: fullQuiz });
    expect(start.status).toBe(409);
    expect(start.body).toMatchObject({ code: 'SESSION_PAUSED', message: expect.stringMatching(/Resume it or retake it/) });
    expect((await as({ url: '/api/sessions/paused' })).body.map((s: { id: string }) => s.id)).toEqual([a]);

    // Retake: delete the paused session, then a new full chapter quiz starts.
    expect((await as({ method: 'DELETE', url: `/api/sessions/${a}` })).body).toEqual({ ok: true });
    expect((await as({ url: `/api/sessions/${a}` })).status).toBe(404);
    expect((await as({ url: '/api/sessions/paused' })).body).toEqual([]);
    expect((await as({ method: 'PATCH', url: `/api/sessions/${b}/pause`, body: pauseBody })).status).toBe(200);
  });

  it('offers a quiz left without pausing to continue, at the question after the answers the server recorded (issue 31 §6)', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    expect((await as({ url: '/api/sessions/continue' })).body).toEqual([]);
    const a = (await as({ method: 'POST', url: '/api/sessions', body: fullQuiz })).body.id;
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion', { sessionId: a, mode: 'full' }) });
    await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, WRONG.dna, { sessionId: a, mode: 'full' }) });

    // The learner closed the tab: no pause, and the dashboard still offers question 3 of 3 with the recorded score.
    const left = await as({ url: '/api/sessions/continue' });
    expect(left.body).toHaveLength(1);
    expect(left.body[0]).toMatchObject({
      id: a, isPaused: false, completed: false, questionsCount: 3, questionsAnswered: 2, correctAnswers: 1,
      resumeQuestionIndex: 2, answeredQuestionIds: [Q.cell.questionId, Q.dna.questionId],
    });
    expect((await as({ url: `/api/sessions/${a}` })).body).toMatchObject({ resumeQuestionIndex: 2 });
    // A pause position behind the recorded answers does not send the learner back.
    expect((await as({ method: 'PATCH', url: `/api/sessions/${a}/pause`, body: { currentQuestionIndex: 0, timeSpent: 9 } })).body)
      .toMatchObject({ isPaused: true, currentQuestionIndex: 0, resumeQuestionIndex: 2 });
    expect((await as({ method: 'PATCH', url: `/api/sessions/${a}/resume` })).status).toBe(200);

    // A quiz started later is the one offered, unless the earlier one is paused.
    const b = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'topic', topicId: TOPIC, questionsCount: 2 } })).body.id;
    expect((await as({ url: '/api/sessions/continue' })).body).toMatchObject([{ id: b, resumeQuestionIndex: 0, answeredQuestionIds: [] }]);
    await as({ method: 'PATCH', url: `/api/sessions/${a}/pause`, body: { currentQuestionIndex: 2, timeSpent: 9 } });
    expect((await as({ url: '/api/sessions/continue' })).body).toMatchObject([{ id: a, isPaused: true }]);
    // Another learner sees nothing of it.
    expect((await caller(h, newId())({ url: '/api/sessions/continue' })).body).toEqual([]);

    // Completed or discarded quizzes are not offered.
    await as({ method: 'PATCH', url: `/api/sessions/${a}`, body: { timeSpent: 30, completed: true } });
    expect((await as({ url: '/api/sessions/continue' })).body).toMatchObject([{ id: b }]);
    expect((await as({ method: 'DELETE', url: `/api/sessions/${b}` })).body).toEqual({ ok: true });
    expect((await as({ url: '/api/sessions/continue' })).body).toEqual([]);
  });

  it('shows and changes a learner’s own sessions only: another learner’s session id is 404 on every call', async () => {
    const owner = newId();
    const intruder = newId();
    await subscribe(h, owner);
    await subscribe(h, intruder);
    const id = (await caller(h, owner)({ method: 'POST', url: '/api/sessions', body: fullQuiz })).body.id;
    const other = caller(h, intruder);
    const pauseBody = { currentQuestionIndex: 0, timeSpent: 0 };
    const calls = [
      other({ url: `/api/sessions/${id}` }),
      other({ url: `/api/sessions/${id}/incorrect-questions` }),
      other({ method: 'PATCH', url: `/api/sessions/${id}`, body: { timeSpent: 1, completed: true } }),
      other({ method: 'PATCH', url: `/api/sessions/${id}/pause`, body: pauseBody }),
      other({ method: 'PATCH', url: `/api/sessions/${id}/resume` }),
      other({ method: 'DELETE', url: `/api/sessions/${id}` }),
      other({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion', { sessionId: id }) }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Quiz session not found.' });
    }
    expect((await other({ url: '/api/sessions/paused' })).body).toEqual([]);
    expect((await caller(h, owner)({ url: `/api/sessions/${id}` })).body).toMatchObject({ id, completed: false, isPaused: false });
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const cases: Array<[unknown, RegExp]> = [
      [{ mode: 'topic', questionsCount: 5 }, /topic quiz needs topicId/],
      [{ mode: 'full', questionsCount: 5 }, /full chapter quiz needs chapterId/],
      [{ mode: 'mistakes', questionsCount: 5 }, /mistakes quiz needs chapterId/],
      [{ mode: 'subject-mistakes', questionsCount: 5 }, /subject mistakes quiz needs subjectId/],
      [{ mode: 'sample', chapterId: CHAPTER, questionsCount: 10 }, /body\/mode must be one of 'topic', 'full', 'mistakes', 'subject-mistakes', 'review'/],
      [{ mode: 'full', chapterId: 'nope', questionsCount: 5 }, /body\/chapterId must match pattern/],
      [{ mode: 'full', chapterId: CHAPTER, questionsCount: 5, userId: newId() }, /must not have the field 'userId'/],
      // Counts are the server's: a client cannot start a session with answers it never sent.
      [{ mode: 'full', chapterId: CHAPTER, questionsCount: 5, questionsAnswered: 5, correctAnswers: 5 }, /must not have the field 'questionsAnswered'/],
    ];
    for (const [body, message] of cases) {
      const res = await as({ method: 'POST', url: '/api/sessions', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const id = (await as({ method: 'POST', url: '/api/sessions', body: fullQuiz })).body.id;
    const bad = await as({ method: 'PATCH', url: `/api/sessions/${id}/pause`, body: { currentQuestionIndex: -1, timeSpent: 0 } });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringMatching(/currentQuestionIndex must be >= 0/) } });
    const claimed = await as({ method: 'PATCH', url: `/api/sessions/${id}/pause`, body: { currentQuestionIndex: 1, questionsAnswered: 3, correctAnswers: 3, timeSpent: 0 } });
    expect(claimed).toMatchObject({ status: 400, body: { message: "body must not have the field 'questionsAnswered'" } });
    const claimedScore = await as({ method: 'PATCH', url: `/api/sessions/${id}`, body: { questionsAnswered: 3, correctAnswers: 3, timeSpent: 9, completed: true } });
    expect(claimedScore.status).toBe(400);
    expect((await as({ url: '/api/sessions/not-an-id' })).body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/params\/id must match pattern/) });
    expect((await as({ url: `/api/sessions/${id}` })).body).toMatchObject({ isPaused: false, currentQuestionIndex: 0, questionsAnswered: 0 });
    expect((await as({ url: '/api/sessions/paused' })).body).toEqual([]);
  });

  it('counts the streak in India days with a completed quiz or an answered question, and all questions answered', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const start = h.clock.now;
    try {
      expect((await as({ url: '/api/sessions/stats' })).body).toEqual({ currentStreak: 0, totalQuestions: 0 });
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion') });
      h.clock.now = new Date(start.getTime() + days(1));
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, 'True') });
      await as({ method: 'POST', url: '/api/answers', body: answer(Q.enzyme.questionId, 'Helicase') });
      h.clock.now = new Date(start.getTime() + days(2));
      const id = (await as({ method: 'POST', url: '/api/sessions', body: fullQuiz })).body.id;
      await as({ method: 'PATCH', url: `/api/sessions/${id}`, body: { timeSpent: 5, completed: true } });
      expect((await as({ url: '/api/sessions/stats' })).body).toEqual({ currentStreak: 3, totalQuestions: 3 });
      h.clock.now = new Date(start.getTime() + days(3)); // nothing yet today: the streak holds until the day is over
      expect((await as({ url: '/api/sessions/stats' })).body.currentStreak).toBe(3);
      h.clock.now = new Date(start.getTime() + days(4));
      expect((await as({ url: '/api/sessions/stats' })).body.currentStreak).toBe(0);
    } finally {
      h.clock.now = start;
    }
  });

  it('answers 401 to visitors on every session call', async () => {
    const visitor = caller(h, null);
    expect((await visitor({ method: 'POST', url: '/api/sessions', body: fullQuiz })).status).toBe(401);
    expect((await visitor({ url: '/api/sessions/paused' })).status).toBe(401);
    expect((await visitor({ url: '/api/sessions/stats' })).status).toBe(401);
    expect((await visitor({ url: `/api/sessions/${newId()}` })).status).toBe(401);
  });
});
