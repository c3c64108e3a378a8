import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubject } from '@lp/contracts';
import { eventually } from '@lp/service-kit/testing';
import { connect } from '@nats-io/transport-node';
import { BANK, CHAPTER, Q, TOPIC, caller, challenger, guestCookie, finishQuiz, newId, play, rightAnswer, startHarness, subscribe, user, wrongAnswer, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

const NOT_FOUND = 'Challenge Not Found. This challenge may have expired or doesn\u2019t exist.';

describe('creating a challenge from a finished quiz', () => {
  it('takes the challenger\'s numbers and questions from svc-study and svc-content, never from the client', async () => {
    const c = await challenger(h, 'Asha');
    // A body with the challenger's own numbers is refused outright and creates nothing.
    const forged = await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId, challengerScore: 100, challengerTime: 1 } });
    expect(forged.status).toBe(400);
    expect((await c.as({ url: '/api/challenges/mine' })).body).toEqual({ received: [], sent: [] });

    const created = await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId, maxUses: 3 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.any(String), kind: 'link', maxUses: 3, expiresAt: '2026-03-09T06:00:00.000Z' });
    expect(created.body.token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const mine = await c.as({ url: `/api/challenges/${created.body.id}` });
    expect(mine.body).toMatchObject({
      status: 'open', challengerName: 'Asha Learner', challengerScore: 75, challengerTime: 95, challengerCorrectAnswers: 3,
      challengerTotalQuestions: 4, chapterId: CHAPTER, questionCount: 4, uses: 0, maxUses: 3, results: [], winner: null, friendScore: null,
    });

    // The intro shows the numbers and what the quiz is on (subject, chapter: issue 31, item 13) but no questions; the
    // questions come without keys or explanations.
    const intro = await caller(h, null)({ url: `/api/challenges/token/${created.body.token}` });
    expect(intro.status).toBe(200);
    expect(intro.body).toEqual({
      id: created.body.id, kind: 'link', challengerName: 'Asha Learner', challengerScore: 75, challengerTime: 95, challengerCorrectAnswers: 3,
      challengerTotalQuestions: 4, challengerUntimed: false, message: null, subjectName: 'Biology', chapterName: 'Evolution', questionCount: 4, uses: 0, maxUses: 3, expiresAt: '2026-03-09T06:00:00.000Z',
    });
    const started = await caller(h, null)({ method: 'POST', url: `/api/challenges/token/${created.body.token}/attempts`, body: { guestName: 'Ravi' } });
    expect(started.body.questions).toHaveLength(4);
    // A bilingual question carries its Hindi question and options (issue 33 §1), never its Hindi key or explanation.
    expect(started.body.questions[3]).toEqual({
      id: Q.leaf.questionId, text: Q.leaf.question, type: 'multiple_choice', options: ['Root', 'Chloroplast'], figureReference: 'Figure 6.2',
      hi: { question: 'प्रकाश संश्लेषण कहाँ होता है?', options: ['जड़', 'हरितलवक'] },
    });
    for (const k of BANK) expect(JSON.stringify(started.body)).not.toContain(k.explanation);
    expect(JSON.stringify(started.body)).not.toContain(Q.leaf.hi!.explanation);
  });

  it('refuses what is not a finished full quiz of the caller, and free learners', async () => {
    const c = await challenger(h, 'Meera');
    const other = await challenger(h, 'Kabir');
    expect((await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: other.sessionId } })).status).toBe(404);
    expect((await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: newId() } })).status).toBe(404);
    const unfinished = (await caller(h, c.id, { target: h.study })({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: CHAPTER, questionsCount: 4 } })).body.id;
    const refused = await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: unfinished } });
    expect(refused).toMatchObject({ status: 409, body: { code: 'SESSION_NOT_FINISHED' } });

    const free = await user(h, 'Free');
    const freeSession = await finishQuiz(h, free); // the free trial quiz
    const notEntitled = await caller(h, free)({ method: 'POST', url: '/api/challenges', body: { sessionId: freeSession } });
    expect(notEntitled).toMatchObject({ status: 403, body: { code: 'NOT_ENTITLED' } });
    expect((await caller(h, null)({ method: 'POST', url: '/api/challenges', body: { sessionId: freeSession } })).status).toBe(401);
  });

  it('shows a challenge only to its creator (another user\'s id gets 404)', async () => {
    const c = await challenger(h, 'Nisha');
    const { id } = (await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId } })).body;
    expect((await c.as({ url: `/api/challenges/${id}` })).status).toBe(200);
    const stranger = await caller(h, newId())({ url: `/api/challenges/${id}` });
    expect(stranger).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await caller(h, newId())({ method: 'POST', url: `/api/challenges/${id}/accept` })).status).toBe(404);
  });
});

describe('playing by link', () => {
  it('records each answer on the server and shows no answer before the attempt is finished; a guest sees both results with the review and can claim once', async () => {
    const c = await challenger(h, 'Priya');
    const { token, id } = (await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId } })).body;
    const guest = caller(h, null, { ip: '203.0.113.10' });

    expect((await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: ' A ' } })).body)
      .toMatchObject({ statusCode: 400, message: 'Name Required, Please enter your name to start the challenge.' });
    expect((await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: {} })).status).toBe(400);
    // A guest name is one line of plain text: a right-to-left override or a NUL would show the challenger a lie.
    for (const guestName of ['Ravi\u202Eevil', 'Ra\u0000vi']) {
      expect((await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName } })).body).toMatchObject({
        statusCode: 400, message: 'body/guestName must be a single line of plain text: control characters and text-direction marks are not allowed',
      });
    }

    const started = await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: '  Ravi ' } });
    const { attemptId, attemptKey, questions } = started.body as { attemptId: string; attemptKey: string; questions: Array<{ id: string }> };
    expect(started.body.name).toBe('Ravi');
    const first = questions[0]!.id;
    const answerUrl = `/api/challenges/token/${token}/question/${first}/answer`;
    const withKey = { 'x-attempt-id': attemptId, 'x-attempt-key': attemptKey };

    // Not before the attempt is finished, not without the attempt's key, not with another attempt's key.
    expect((await guest({ url: answerUrl, headers: withKey })).body).toMatchObject({ statusCode: 409, code: 'NOT_FINISHED' });
    expect((await guest({ url: answerUrl })).status).toBe(404);
    const answerPath = `/api/challenges/token/${token}/attempts/${attemptId}/answers`;
    expect((await guest({ method: 'POST', url: answerPath, body: { attemptKey: 'x'.repeat(43), questionId: first, answer: 0 } })).status).toBe(404);
    expect((await guest({ method: 'POST', url: answerPath, body: { attemptKey, questionId: first, answer: 0, isCorrect: true } })).status).toBe(400);

    const fb = await guest({ method: 'POST', url: answerPath, body: { attemptKey, questionId: first, answer: rightAnswer(first) } });
    expect(fb.body).toEqual({ counted: true }); // right or wrong comes with the result
    // A second answer to the same question does not change the first.
    const again = await guest({ method: 'POST', url: answerPath, body: { attemptKey, questionId: first, answer: wrongAnswer(first) } });
    expect(again.body).toEqual({ counted: false });
    expect((await guest({ url: answerUrl, headers: withKey })).body).toMatchObject({ statusCode: 409, code: 'NOT_FINISHED' });
    // Someone else with only the token reads nothing of this attempt.
    const other = (await caller(h, null, { ip: '203.0.113.11' })({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: 'Eve' } })).body;
    expect((await guest({ url: answerUrl, headers: { 'x-attempt-id': other.attemptId, 'x-attempt-key': other.attemptKey } })).status).toBe(409);
    expect((await guest({ url: answerUrl, headers: { 'x-attempt-id': attemptId, 'x-attempt-key': other.attemptKey } })).status).toBe(404);

    for (const q of questions.slice(1)) await guest({ method: 'POST', url: answerPath, body: { attemptKey, questionId: q.id, answer: rightAnswer(q.id) } });
    h.clock.now = new Date(h.clock.now.getTime() + 80_000);

    const nc = await connect({ servers: h.app.config.natsUrl });
    const pushed: Array<Record<string, unknown>> = [];
    const events: unknown[] = [];
    const pushes = nc.subscribe(pushSubject(c.id));
    void (async () => { for await (const m of pushes) pushed.push(m.json<Record<string, unknown>>()); })();
    // A result is no event any more (docs/events.md: nobody consumed challenge.attempt.completed).
    const stream = nc.subscribe('challenge.attempt.completed');
    void (async () => { for await (const m of stream) events.push(m.json()); })();
    try {
      const finish = await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${attemptId}/finish`, body: { attemptKey } });
      expect(finish.body).toEqual({
        attemptId, name: 'Ravi', score: 100, correctAnswers: 4, totalQuestions: 4, timeSpent: 80, winner: 'friend', untimed: false,
        challengerName: 'Priya Learner', challengerScore: 75, challengerTime: 95, challengerCorrectAnswers: 3, challengerTotalQuestions: 4, challengerUntimed: false,
        canClaim: true, claimedBy: null, chapterId: CHAPTER, review: expect.any(Array),
      });
      expect(finish.body.review).toHaveLength(4);
      expect(finish.body.review[0]).toEqual({ questionId: first, answered: true, isCorrect: true, correctAnswer: 'Mitochondrion', correctIndex: 1, explanation: 'Mitochondria run cellular respiration.' });
      expect((await guest({ url: answerUrl, headers: withKey })).body).toEqual({ correctAnswer: 'Mitochondrion', correctIndex: 1, explanation: 'Mitochondria run cellular respiration.' });
      const repeat = await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${attemptId}/finish`, body: { attemptKey } });
      expect(repeat.body).toEqual(finish.body);
      // The challenger's tabs are told the result.
      const push = await eventually(async () => pushed.find((e) => e.attemptId === attemptId));
      expect(push).toMatchObject({ type: 'challenge', challengeId: id, attemptId, friendName: 'Ravi', score: 100, correctAnswers: 4, totalQuestions: 4, winner: 'friend' });
      await new Promise((r) => setTimeout(r, 200));
      expect(events).toEqual([]);
    } finally {
      await nc.close();
    }

    // The challenger sees the friend's result side by side, and the winner.
    const view = (await c.as({ url: `/api/challenges/${id}` })).body;
    expect(view).toMatchObject({ status: 'completed', uses: 1, friendName: 'Ravi', friendScore: 100, friendTime: 80, friendCorrectAnswers: 4, winner: 'friend' });
    expect(view.results).toEqual([expect.objectContaining({ attemptId, name: 'Ravi', score: 100, winner: 'friend' })]);
    expect((await c.as({ url: '/api/challenges/mine' })).body.sent[0]).toMatchObject({ id, results: [expect.objectContaining({ name: 'Ravi' })] });

    // Claimed once, by the first account that signs in with the key.
    const ravi = await user(h, 'Ravi');
    const claim = await caller(h, ravi)({ method: 'POST', url: `/api/challenges/attempts/${attemptId}/claim`, body: { attemptKey } });
    expect(claim.body).toMatchObject({ attemptId, canClaim: false, claimedBy: ravi, score: 100 });
    expect((await caller(h, ravi)({ method: 'POST', url: `/api/challenges/attempts/${attemptId}/claim`, body: { attemptKey } })).status).toBe(200);
    expect((await caller(h, newId())({ method: 'POST', url: `/api/challenges/attempts/${attemptId}/claim`, body: { attemptKey } })).body).toMatchObject({ statusCode: 409, code: 'ALREADY_CLAIMED' });
    expect((await caller(h, newId())({ method: 'POST', url: `/api/challenges/attempts/${attemptId}/claim`, body: { attemptKey: 'y'.repeat(43) } })).status).toBe(404);
    expect((await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${attemptId}/finish`, body: { attemptKey } })).body).toMatchObject({ canClaim: false, claimedBy: ravi });
  });

  it('counts exactly maxUses finished attempts when 20 finish at once on two replicas', async () => {
    const c = await challenger(h, 'Arjun');
    const { token, id } = (await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId, maxUses: 5 } })).body;
    const second = await h.replica();
    const players = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      const as = caller(h, null, { ip: `192.0.2.${i + 1}`, target: i % 2 === 0 ? h.app : second });
      const started = (await as({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: `Player ${i}` } })).body;
      await as({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${started.attemptId}/answers`, body: { attemptKey: started.attemptKey, questionId: Q.cell.questionId, answer: 1 } });
      return { as, ...started };
    }));
    const finishes = await Promise.all(players.map((p) =>
      p.as({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${p.attemptId}/finish`, body: { attemptKey: p.attemptKey } })));
    expect(finishes.filter((f) => f.status === 200)).toHaveLength(5);
    expect(finishes.filter((f) => f.status === 404).every((f) => f.body.message === NOT_FOUND && f.body.code === 'USED_UP')).toBe(true);
    // A retried finish of a counted attempt takes no second use.
    const winnerIdx = finishes.findIndex((f) => f.status === 200);
    const p = players[winnerIdx]!;
    expect((await p.as({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${p.attemptId}/finish`, body: { attemptKey: p.attemptKey } })).status).toBe(200);
    const view = (await c.as({ url: `/api/challenges/${id}` })).body;
    expect(view.uses).toBe(5);
    expect(view.results).toHaveLength(5);
    expect((await caller(h, null)({ url: `/api/challenges/token/${token}` })).body).toMatchObject({ statusCode: 404, message: NOT_FOUND, code: 'USED_UP' });
  });

  it('expires after 7 days on a movable clock', async () => {
    const c = await challenger(h, 'Dev');
    const { token } = (await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId } })).body;
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 7 * 86_400_000 - 1000);
      expect((await caller(h, null)({ url: `/api/challenges/token/${token}` })).body).toMatchObject({ maxUses: null });
      h.clock.now = new Date(start.getTime() + 7 * 86_400_000);
      const expired = await caller(h, null)({ url: `/api/challenges/token/${token}` });
      expect(expired).toMatchObject({ status: 404, body: { code: 'EXPIRED', message: 'Challenge expired on 9 Mar 2026' } });
      expect((await caller(h, null)({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: 'Late' } })).status).toBe(404);
    } finally {
      h.clock.now = start;
    }
    expect((await caller(h, null)({ url: '/api/challenges/token/not-a-real-token-at-all' })).body).toMatchObject({ statusCode: 404, message: NOT_FOUND });
  });

  it('gives a guest\'s browser (by the cookie this service issued) one attempt at a challenge, and a signed-in player one too', async () => {
    const c = await challenger(h, 'Zoya');
    const { token } = (await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId } })).body;
    const guest = caller(h, null, { ip: '198.51.100.99' });
    const first = await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: 'Spam' } });
    expect(first.status).toBe(200);
    const browser = guestCookie(first);
    expect(browser).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const second = await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: 'Spam' }, cookies: { lp_guest: browser! } });
    expect(second).toMatchObject({ status: 409, body: { code: 'ALREADY_PLAYED', message: 'You have already started this challenge: each player gets one attempt.' } });
    expect(guestCookie(second)).toBeUndefined(); // the browser keeps its id
    const tara = caller(h, await user(h, 'Tara'));
    expect((await tara({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: {} })).status).toBe(200);
    expect((await tara({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: {} })).body).toMatchObject({ statusCode: 409, code: 'ALREADY_PLAYED' });
  });

  it('reads no key before the scored attempt is finished, so a junk attempt cannot teach the next one; a used-up link takes no answers', async () => {
    const c = await challenger(h, 'Nisha');
    const { token } = (await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId, maxUses: 1 } })).body;
    const mallory = caller(h, null, { ip: '203.0.113.50' });
    const a = await mallory({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: 'Mallory' } });
    const { attemptId, attemptKey, questions } = a.body as { attemptId: string; attemptKey: string; questions: Array<{ id: string }> };
    const answerPath = `/api/challenges/token/${token}/attempts/${attemptId}/answers`;
    for (const q of questions) {
      const res = await mallory({ method: 'POST', url: answerPath, body: { attemptKey, questionId: q.id, answer: wrongAnswer(q.id) } });
      expect(res.body).toEqual({ counted: true });
      const key = BANK.find((k) => k.questionId === q.id)!;
      expect(JSON.stringify(res.body)).not.toContain(key.explanation);
      const lookup = await mallory({ url: `/api/challenges/token/${token}/question/${q.id}/answer`, headers: { 'x-attempt-id': attemptId, 'x-attempt-key': attemptKey } });
      expect(lookup).toMatchObject({ status: 409, body: { code: 'NOT_FINISHED' } });
    }
    // The same browser cannot open attempt B.
    expect((await mallory({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: 'Mallory' }, cookies: { lp_guest: guestCookie(a)! } })).body)
      .toMatchObject({ statusCode: 409, code: 'ALREADY_PLAYED' });

    // Another player takes the link's one use; attempt A's answers and finish are refused from then on.
    const done = await play(caller(h, null, { ip: '203.0.113.51' }), token, { right: 4, guestName: 'Ana' });
    expect(done.finished!.body).toMatchObject({ score: 100, review: expect.any(Array) });
    const late = await mallory({ method: 'POST', url: answerPath, body: { attemptKey, questionId: questions[0]!.id, answer: rightAnswer(questions[0]!.id) } });
    expect(late).toMatchObject({ status: 404, body: { code: 'USED_UP' } });
    const finish = await mallory({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${attemptId}/finish`, body: { attemptKey } });
    expect(finish).toMatchObject({ status: 404, body: { code: 'USED_UP' } });
    expect(JSON.stringify(finish.body)).not.toContain('Mitochondrion');
  });

  it('lets a classroom of 30 guest browsers behind one address start, and does not take a browser id the client made up', async () => {
    const c = await challenger(h, 'Meera');
    const { token } = (await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId } })).body;
    const classroom = caller(h, null, { ip: '203.0.113.40' });
    const starts = [];
    for (let i = 0; i < 30; i++) starts.push(await classroom({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: `Pupil ${i}` } }));
    expect(starts.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(new Set(starts.map(guestCookie)).size).toBe(30);
    const madeUp = await classroom({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: 'Pupil X' }, cookies: { lp_guest: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    expect(madeUp.status).toBe(200);
    expect(guestCookie(madeUp)).not.toBe('AAAAAAAAAAAAAAAAAAAAAA');
  });
});

describe('direct challenges', () => {
  it('reaches the friend\'s inbox with the default message; only that friend plays it; the result shows for both', async () => {
    const c = await challenger(h, 'Rohan');
    const friend = await user(h, 'Sara');
    await subscribe(h, friend);
    const created = await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId, challengedId: friend, message: '' } });
    expect(created.body).toMatchObject({ kind: 'direct', maxUses: 1 });
    const inbox = (await caller(h, friend)({ url: '/api/challenges/mine' })).body;
    expect(inbox.received).toEqual([expect.objectContaining({
      id: created.body.id, status: 'open', challengerName: 'Rohan Learner', challengedName: 'Sara Learner',
      message: 'Rohan Learner scored 75% on this topic. Can you beat that score?',
    })]);
    expect((await caller(h, friend)({ method: 'POST', url: `/api/challenges/${created.body.id}/accept` })).body).toMatchObject({ token: created.body.token });
    // Accepting is the friend's only, and again (a double tap, a second tab) answers the same, using nothing up.
    expect((await c.as({ method: 'POST', url: `/api/challenges/${created.body.id}/accept` })).status).toBe(404);
    expect((await caller(h, friend)({ method: 'POST', url: `/api/challenges/${created.body.id}/accept` })).body).toMatchObject({ token: created.body.token, status: 'open', uses: 0 });

    // Someone else holding the token cannot play a direct challenge.
    expect((await play(caller(h, null), created.body.token)).started.status).toBe(404);
    const { finished } = await play(caller(h, friend), created.body.token, { right: 3, guestName: undefined });
    // The same score, both timed: the faster player wins (issue 33 §3; the friend took no time on the test clock).
    expect(finished!.body).toMatchObject({ name: 'Sara Learner', score: 75, timeSpent: 0, winner: 'friend', canClaim: false });
    expect((await caller(h, friend)({ url: `/api/challenges/${created.body.id}` })).body).toMatchObject({ status: 'completed', winner: 'friend', friendName: 'Sara Learner' });
    expect((await c.as({ url: '/api/challenges/mine' })).body.sent[0]).toMatchObject({ id: created.body.id, status: 'completed', friendScore: 75 });
    expect((await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId, challengedId: c.id } })).status).toBe(400);
  });
});

describe('direct challenges from a topic', () => {
  it('play the challenger\'s latest finished quiz of that topic, and need one', async () => {
    const c = await challenger(h, 'Meera');
    const friend = await user(h, 'Kabir');
    expect((await c.as({ method: 'POST', url: '/api/challenges', body: { topicId: TOPIC, challengedId: friend } })).body)
      .toMatchObject({ statusCode: 409, code: 'NO_FINISHED_QUIZ' });
    await finishQuiz(h, c.id, { mode: 'topic', right: 2, timeSpent: 60 });
    await finishQuiz(h, c.id, { mode: 'topic', right: 4, timeSpent: 70 });
    const created = await c.as({ method: 'POST', url: '/api/challenges', body: { topicId: TOPIC, challengedId: friend } });
    expect(created.status).toBe(200);
    const seen = (await caller(h, friend)({ url: `/api/challenges/${created.body.id}` })).body;
    expect(seen).toMatchObject({ kind: 'direct', topicId: TOPIC, challengerScore: 100, challengerTime: 70, challengerCorrectAnswers: 4 });
  });
});

describe('guards', () => {
  it('answers a signed-out caller 401 before looking at the body', async () => {
    expect((await caller(h, null)({ method: 'POST', url: '/api/challenges', body: {} })).status).toBe(401);
    expect((await caller(h, newId())({ method: 'POST', url: '/api/challenges', body: {} })).status).toBe(400);
  });
});
