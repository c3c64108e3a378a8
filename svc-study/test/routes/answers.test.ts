import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG, BIG_CHAPTER, CHAPTER, HI, TOPIC, issueSample, Q, WRONG, answer, caller, newId, startHarness, subscribe, uuid, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

describe('POST /api/answers', () => {
  it('scores on the server with the shared rules and returns the right answer and explanation', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const cases: Array<[string, string, boolean]> = [
      [Q.cell.questionId, 'Mitochondrion', true],
      [Q.cell.questionId, 'Nucleus', false],
      [Q.dna.questionId, 'True', true],
      [Q.dna.questionId, 'False', false],
      [Q.enzyme.questionId, '  helicase ', true],
      [Q.enzyme.questionId, 'Ligase', false],
    ];
    for (const [questionId, given, right] of cases) {
      const res = await as({ method: 'POST', url: '/api/answers', body: answer(questionId, given) });
      expect(res.status).toBe(200);
      expect(res.body.isCorrect, `${given}`).toBe(right);
      expect(res.body.recorded).toBe(true);
    }
    const res = await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Nucleus') });
    expect(res.body).toEqual({ isCorrect: false, correctAnswer: 'Mitochondrion', explanation: 'Mitochondria run cellular respiration.', recorded: true, counted: true });
  });

  it('scores a bilingual question answered in Hindi as in English, and returns the Hindi answer and explanation too', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const cases: Array<[string, string, boolean]> = [
      [HI.gas.questionId, 'कार्बन डाइऑक्साइड', true],
      [HI.gas.questionId, 'Carbon dioxide', true],
      [HI.gas.questionId, 'ऑक्सीजन', false],
      [HI.zinc.questionId, 'जिंक', true], // typed without the nukta of ज़िंक
      [HI.zinc.questionId, 'zinc', true],
      [HI.zinc.questionId, 'तांबा', false],
    ];
    for (const [questionId, given, right] of cases) {
      const res = await as({ method: 'POST', url: '/api/answers', body: answer(questionId, given) });
      expect(res.status).toBe(200);
      expect(res.body.isCorrect, given).toBe(right);
    }
    const res = await as({ method: 'POST', url: '/api/answers', body: answer(HI.gas.questionId, 'ऑक्सीजन') });
    expect(res.body).toEqual({
      isCorrect: false, correctAnswer: 'Carbon dioxide', explanation: 'Plants fix carbon dioxide.',
      hi: { correctAnswer: 'कार्बन डाइऑक्साइड', explanation: 'पौधे कार्बन डाइऑक्साइड से शर्करा बनाते हैं।' }, recorded: true, counted: true,
    });
    // The mistake list shows the question in both languages (no keys).
    const mistakes = (await as({ url: `/api/mistakes/questions/${HI.gas.chapterId}` })).body;
    expect(mistakes).toContainEqual(expect.objectContaining({ id: HI.gas.questionId, hi: { question: HI.gas.hi!.question, options: HI.gas.hi!.options } }));
  });

  it('is idempotent by answerId: a retried call returns the same result and is recorded once', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const session = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: CHAPTER, questionsCount: 2 } })).body.id;
    const body = answer(Q.cell.questionId, WRONG.cell, { sessionId: session, mode: 'full' });
    const results = await Promise.all([1, 2, 3].map(() => as({ method: 'POST', url: '/api/answers', body })));
    const later = await as({ method: 'POST', url: '/api/answers', body });
    for (const r of [...results, later]) expect(r.body).toEqual({ isCorrect: false, correctAnswer: 'Mitochondrion', explanation: expect.any(String), recorded: true, counted: true });

    expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(1);
    expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 1 });
    const progress = (await as({ url: `/api/chapter/progress?chapterId=${CHAPTER}` })).body;
    expect(progress).toMatchObject({ totalQuestions: 1, questionsCorrect: 0 });
    const done = await as({ method: 'PATCH', url: `/api/sessions/${session}`, body: { timeSpent: 9, completed: true } });
    expect(done.body).toMatchObject({ questionsAnswered: 1, correctAnswers: 0 });

    // The same answer id for a different answer is a client bug: refused, nothing recorded.
    const reused = await as({ method: 'POST', url: '/api/answers', body: { ...body, questionId: Q.dna.questionId, answer: 'True' } });
    expect(reused).toMatchObject({ status: 409, body: { code: 'ANSWER_ID_REUSED' } });
    const stolen = await caller(h, newId())({ method: 'POST', url: '/api/answers', body: { ...body, sessionId: undefined } });
    expect(stolen.status).toBe(403); // a free user without a session cannot record; and never someone else's id
    expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(1);
  });

  it('loses nothing when many answers arrive at once (a flaky runner flushing its queue), and counts each question once', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const session = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: BIG_CHAPTER, questionsCount: 12 } })).body.id;
    const bodies = BIG.slice(0, 12).map((q, i) => answer(q.questionId, i % 3 === 0 ? 'No' : 'Yes', { sessionId: session }));
    // Every answer with six retries of the same calls at once; then six re-sends of answered questions under new ids.
    const results = await Promise.all([...bodies, ...bodies.slice(0, 6)].map((body) => as({ method: 'POST', url: '/api/answers', body })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const resent = bodies.slice(0, 6).map((b) => ({ ...b, answerId: crypto.randomUUID(), answer: 'Yes' }));
    const practice = await Promise.all(resent.map((body) => as({ method: 'POST', url: '/api/answers', body })));
    expect(practice.map((r) => r.body.counted)).toEqual([false, false, false, false, false, false]);
    const done = await as({ method: 'PATCH', url: `/api/sessions/${session}`, body: { timeSpent: 100, completed: true } });
    expect(done.body).toMatchObject({ questionsAnswered: 12, correctAnswers: 8 });
    expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(12);
    expect((await as({ url: `/api/chapter/progress?chapterId=${BIG_CHAPTER}` })).body).toMatchObject({ totalQuestions: 12, questionsCorrect: 8 });
  });

  it('counts only the first answer to a question in a session, and refuses a question from outside the session', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const session = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'topic', topicId: TOPIC, questionsCount: 3 } })).body.id;
    const first = await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, WRONG.cell, { sessionId: session }) });
    expect(first.body).toMatchObject({ isCorrect: false, correctAnswer: 'Mitochondrion', recorded: true, counted: true });
    // The key is known now: sending the right answer again is recorded as practice and changes no score.
    for (let i = 0; i < 3; i++) {
      const again = await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion', { sessionId: session }) });
      expect(again.body).toMatchObject({ isCorrect: true, recorded: true, counted: false });
    }
    // A Physics question (another subject) and a question of another topic are not part of this topic quiz.
    for (const q of [Q.force, Q.osmosis]) {
      const outside = await as({ method: 'POST', url: '/api/answers', body: answer(q.questionId, q.correctAnswer, { sessionId: session }) });
      expect(outside).toMatchObject({ status: 409, body: { code: 'QUESTION_NOT_IN_SESSION' } });
    }
    const done = await as({ method: 'PATCH', url: `/api/sessions/${session}`, body: { timeSpent: 30, completed: true } });
    expect(done.body).toMatchObject({ questionsAnswered: 1, correctAnswers: 0 });
    expect((await as({ url: `/api/chapter/history?chapterId=${CHAPTER}` })).body.last5Quizzes[0]).toMatchObject({ score: 0, totalQuestions: 1, scorePercentage: 0 });
    expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 1 });
    expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(1);
    // Answers after the completion are practice too.
    const late = await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, 'True', { sessionId: session }) });
    expect(late.body).toMatchObject({ recorded: true, counted: false });
    expect((await as({ url: `/api/sessions/${session}` })).body).toMatchObject({ questionsAnswered: 1, correctAnswers: 0 });
  });

  it('counts at most the session\'s question count: a 1-question quiz counts one answer and refuses the others', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const started = await as({ method: 'POST', url: '/api/sessions', body: { mode: 'topic', topicId: TOPIC, questionsCount: 1 } });
    expect(started.body).toMatchObject({ questionsCount: 1 });
    const session = started.body.id;
    const results = [];
    for (const q of [Q.cell, Q.dna, Q.enzyme]) {
      results.push(await as({ method: 'POST', url: '/api/answers', body: answer(q.questionId, q.correctAnswer, { sessionId: session }) }));
    }
    expect(results.filter((r) => r.status === 200 && r.body.counted === true)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'QUESTION_NOT_IN_SESSION')).toHaveLength(2);
    const done = await as({ method: 'PATCH', url: `/api/sessions/${session}`, body: { timeSpent: 30, completed: true } });
    expect(done.body).toMatchObject({ questionsCount: 1, questionsAnswered: 1, correctAnswers: 1 });
    expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(1);
  });

  it('after the completion, a replica that never saw it still records a late answer as practice (the completion closed the questions)', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const session = (await caller(h, learner)({ method: 'POST', url: '/api/sessions', body: { mode: 'topic', topicId: TOPIC, questionsCount: 3 } })).body.id;
    await caller(h, learner)({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion', { sessionId: session }) });
    const done = await caller(h, learner)({ method: 'PATCH', url: `/api/sessions/${session}`, body: { timeSpent: 30, completed: true } });
    expect(done.body).toMatchObject({ questionsAnswered: 1, correctAnswers: 1 });
    const other = await h.rebuild();
    try {
      const late = await caller(h, learner, 'learner', other)({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, 'True', { sessionId: session }) });
      expect(late.body).toMatchObject({ isCorrect: true, recorded: true, counted: false });
      expect((await caller(h, learner, 'learner', other)({ url: `/api/sessions/${session}` })).body).toMatchObject({ questionsAnswered: 1, correctAnswers: 1, completed: true });
      expect((await caller(h, learner, 'learner', other)({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('finishes the effects of an answer whose first call died half-way, once, on retry', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const body = answer(Q.osmosis.questionId, WRONG.osmosis);
    // A record left behind a minute ago by a call that stopped before its effects (as after a crash).
    await h.app.db.collection('answers').insertOne({
      _id: body.answerId as never, userId: learner, questionId: Q.osmosis.questionId, chapterId: CHAPTER, topicId: Q.osmosis.topicId,
      subjectId: Q.osmosis.subjectId, sessionId: null, mode: null, answer: WRONG.osmosis, isCorrect: false, timeSpent: 12,
      createdAt: new Date(h.clock.now.getTime() - 60_000),
    });
    const retries = await Promise.all([1, 2, 3].map(() => as({ method: 'POST', url: '/api/answers', body })));
    for (const r of retries) expect(r.body).toMatchObject({ isCorrect: false, recorded: true });
    expect((await as({ method: 'POST', url: '/api/answers', body })).body).toMatchObject({ isCorrect: false, recorded: true });
    expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(1);
    expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 1 });
    expect((await as({ url: `/api/chapter/progress?chapterId=${CHAPTER}` })).body).toMatchObject({ totalQuestions: 1, questionsCorrect: 0 });
  });

  it('scores for visitors and sample quizzes without storing anything', async () => {
    issueSample(h, 'ip:127.0.0.1', [Q.pollen.questionId]);
    const visitor = await caller(h, null)({ method: 'POST', url: '/api/answers', body: answer(Q.pollen.questionId, 'Anther', { mode: 'sample' }) });
    expect(visitor).toMatchObject({ status: 200, body: { isCorrect: true, correctAnswer: 'Anther', recorded: false } });
    const visitorNoMode = await caller(h, null)({ method: 'POST', url: '/api/answers', body: answer(Q.pollen.questionId, 'Ovary') });
    expect(visitorNoMode.body).toMatchObject({ isCorrect: false, recorded: false });

    const free = newId();
    const as = caller(h, free);
    issueSample(h, `user:${free}`, [Q.pollen.questionId]);
    const sample = await as({ method: 'POST', url: '/api/answers', body: answer(Q.pollen.questionId, 'Ovary', { mode: 'sample' }) });
    expect(sample.body).toMatchObject({ isCorrect: false, correctAnswer: 'Anther', recorded: false });
    expect((await as({ url: '/api/sessions/stats' })).body).toEqual({ currentStreak: 0, totalQuestions: 0 });
    expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 0 });
    expect((await as({ url: '/api/subscription/status' })).body).toMatchObject({ trialQuizzesRemaining: 1, quizzesCompleted: 0 });
  });

  it('scores a sample answer only for a question given to that visitor, and limits sample answers per visitor', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': `10.9.9.9, ${ip}` }); // the gateway appends the real address last
    issueSample(h, 'ip:198.51.100.7', [Q.cell.questionId]);
    const given = await caller(h, null)({ method: 'POST', url: '/api/answers', headers: from('198.51.100.7'), body: answer(Q.cell.questionId, 'Nucleus', { mode: 'sample' }) });
    expect(given.body).toMatchObject({ isCorrect: false, correctAnswer: 'Mitochondrion', recorded: false });
    // Harvesting keys: a question never given, or given to another visitor, is refused without its answer.
    for (const [ip, q] of [['198.51.100.7', Q.dna], ['198.51.100.8', Q.cell]] as const) {
      const refused = await caller(h, null)({ method: 'POST', url: '/api/answers', headers: from(ip), body: answer(q.questionId, 'x', { mode: 'sample' }) });
      expect(refused).toMatchObject({ status: 403, body: { code: 'SAMPLE_NOT_ISSUED' } });
      expect(JSON.stringify(refused.body)).not.toContain(q.correctAnswer);
    }
    // Sixty sample answers an hour per visitor, counted exactly however many arrive at once.
    issueSample(h, 'ip:198.51.100.9', [Q.enzyme.questionId]);
    const burst = await Promise.all(Array.from({ length: 70 }, () =>
      caller(h, null)({ method: 'POST', url: '/api/answers', headers: from('198.51.100.9'), body: answer(Q.enzyme.questionId, 'Helicase', { mode: 'sample' }) })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(60);
    const limited = burst.filter((r) => r.status === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0]!.body.message).toMatch(/You have answered many sample questions this hour\. Try again in \d+ minutes?/);
  });

  it('caps sample answers per address for every account behind it, and per account per day: new free accounts gain nothing', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const sampleBurst = async (userId: string, ip: string, n: number) => {
      issueSample(h, `user:${userId}`, [Q.osmosis.questionId]);
      const as = caller(h, userId);
      const results = await Promise.all(Array.from({ length: n }, () =>
        as({ method: 'POST', url: '/api/answers', headers: from(ip), body: answer(Q.osmosis.questionId, 'Osmosis', { mode: 'sample' }) })));
      return results;
    };
    // Three new accounts at one address: 120 keys an hour between them, not 60 each.
    const accounts = [newId(), newId(), newId()];
    const bursts = [];
    for (const a of accounts) bursts.push(await sampleBurst(a, '203.0.113.77', 60));
    const scored = bursts.flat().filter((r) => r.status === 200);
    expect(scored).toHaveLength(120);
    expect(bursts[2]!.filter((r) => r.status === 429)).toHaveLength(60);
    expect(bursts[2]![0]!.body.message).toMatch(/You have answered many sample questions this hour\. Try again in \d+ minutes?, or subscribe for full quizzes\./);

    // One account over the day: 60 in its first hour, then 40 more, then refused until tomorrow, from any address.
    const start = h.clock.now;
    try {
      const learner = newId();
      expect((await sampleBurst(learner, '203.0.113.78', 60)).filter((r) => r.status === 200)).toHaveLength(60);
      h.clock.now = new Date(start.getTime() + 3_600_000);
      const later = await sampleBurst(learner, '203.0.113.79', 45);
      expect(later.filter((r) => r.status === 200)).toHaveLength(40);
      const refused = later.filter((r) => r.status === 429);
      expect(refused).toHaveLength(5);
      expect(refused[0]!.body.message).toMatch(/You have answered many sample questions today\. Try again in \d+ hours?, or subscribe for full quizzes\./);
    } finally {
      h.clock.now = start;
    }
  });

  it('refuses bad input with 400 and clear messages, an unknown question with 404, and a client-sent isCorrect or userId', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const good = answer(Q.cell.questionId, 'Nucleus');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...good, answerId: 'retry-1' }, /body\/answerId must match pattern/],
      [{ ...good, answer: '' }, /body\/answer must NOT have fewer than 1 characters/],
      [{ ...good, timeSpent: -3 }, /body\/timeSpent must be >= 0/],
      [{ ...good, questionId: 'q1' }, /body\/questionId must match pattern/],
      [{ ...good, mode: 'exam' }, /body\/mode must be one of 'sample', 'topic'/],
      [{ ...good, isCorrect: true }, /must not have the field 'isCorrect'/],
      [{ ...good, userId: newId() }, /must not have the field 'userId'/],
      [{ questionId: Q.cell.questionId, answer: 'Nucleus', timeSpent: 1 }, /must have required property 'answerId'/],
    ];
    for (const [body, message] of cases) {
      const res = await as({ method: 'POST', url: '/api/answers', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const unknown = await as({ method: 'POST', url: '/api/answers', body: answer(newId(), 'x') });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Question not found.' } });
    expect((await as({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(0);
    expect((await as({ url: '/api/mistakes/total' })).body.totalMistakes).toBe(0);
  });

  it('answers 503 with a clear message when content does not answer, and records nothing', async () => {
    const learner = newId();
    await subscribe(h, learner);
    const quiet = await h.rebuild(); // same db and tag; the content stand-in is stopped below
    try {
      await h.content.app.close();
      const res = await caller(h, learner, 'learner', quiet)({ method: 'POST', url: '/api/answers', body: { answerId: uuid(), questionId: Q.force.questionId, answer: 'Newton', timeSpent: 3 } });
      expect(res).toMatchObject({ status: 503, body: { code: 'CONTENT_UNAVAILABLE', message: expect.stringMatching(/cannot be loaded right now/) } });
      expect((await caller(h, learner, 'learner', quiet)({ url: '/api/sessions/stats' })).body.totalQuestions).toBe(0);
    } finally {
      await quiet.close();
    }
  });
});
