import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@lp/service-kit/testing';
import { CHAPTER, CHAPTER_2, Q, issueSample, SUBJECT, TOPIC, WRONG, answer, caller, newId, publish, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

const status = async (hh: Harness, userId: string, role: 'learner' | 'owner' = 'learner') => (await caller(hh, userId, role)({ url: '/api/subscription/status' })).body;
const start = (body: Record<string, unknown>) => ({ method: 'POST' as const, url: '/api/sessions', body: { questionsCount: 10, ...body } });

describe('who may take what', () => {
  it('a visitor: sample quizzes scored without anything stored; every study call but scoring answers 401', async () => {
    const visitor = caller(h, null);
    issueSample(h, 'ip:127.0.0.1', [Q.cell.questionId]);
    expect((await visitor({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Mitochondrion', { mode: 'sample' }) })).body)
      .toMatchObject({ isCorrect: true, recorded: false });
    for (const url of ['/api/subscription/status', '/api/sessions/paused', '/api/mistakes/total', '/api/questions/review']) {
      expect((await visitor({ url })).status, url).toBe(401);
    }
    expect((await visitor(start({ mode: 'full', chapterId: CHAPTER }))).body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it('a free user: samples, then one trial quiz (used when it starts), then 403 NOT_ENTITLED', async () => {
    const free = newId();
    const as = caller(h, free);
    expect(await status(h, free)).toEqual({ canTakeQuiz: true, trialQuizzesRemaining: 1, quizzesCompleted: 0, subscriptionStatus: 'none', subscriptionEndsAt: null });

    // Mistake review and spaced review are not part of the trial, and asking does not use it.
    for (const body of [{ mode: 'mistakes', chapterId: CHAPTER }, { mode: 'subject-mistakes', subjectId: SUBJECT }, { mode: 'review' }]) {
      expect((await as(start(body))).body).toMatchObject({ statusCode: 403, code: 'NOT_ENTITLED' });
    }
    // Recording outside a quiz needs a subscription; scoring a sample does not.
    issueSample(h, `user:${free}`, [Q.cell.questionId, Q.dna.questionId]);
    expect((await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Nucleus', { mode: 'topic' }) })).body).toMatchObject({ statusCode: 403, code: 'NOT_ENTITLED' });
    expect((await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, 'Nucleus', { mode: 'sample' }) })).body).toMatchObject({ isCorrect: false, recorded: false });
    expect((await status(h, free)).trialQuizzesRemaining).toBe(1);

    // The trial quiz: a full chapter quiz, recorded like a subscriber's.
    const trial = await as(start({ mode: 'full', chapterId: CHAPTER }));
    expect(trial.status).toBe(200);
    expect(await status(h, free)).toMatchObject({ canTakeQuiz: false, trialQuizzesRemaining: 0, quizzesCompleted: 0, subscriptionStatus: 'none' });
    expect((await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, WRONG.dna, { sessionId: trial.body.id }) })).body).toMatchObject({ recorded: true });
    await as({ method: 'PATCH', url: `/api/sessions/${trial.body.id}`, body: { timeSpent: 20, completed: true } });
    expect(await status(h, free)).toMatchObject({ canTakeQuiz: false, trialQuizzesRemaining: 0, quizzesCompleted: 1 });
    // What the trial recorded is theirs to see; reviewing it needs the subscription.
    expect((await as({ url: '/api/mistakes/total' })).body).toEqual({ totalMistakes: 1 });
    expect((await as({ url: `/api/sessions/${trial.body.id}/incorrect-questions` })).body.map((q: { id: string }) => q.id)).toEqual([Q.dna.questionId]);
    expect((await as({ url: `/api/mistakes/questions/${CHAPTER}` })).status).toBe(403);

    const second = await as(start({ mode: 'topic', topicId: TOPIC }));
    expect(second).toMatchObject({ status: 403, body: { code: 'NOT_ENTITLED', message: expect.stringMatching(/free trial quiz is used/) } });
    expect((await as({ method: 'POST', url: '/api/answers', body: answer(Q.dna.questionId, 'True', { mode: 'sample' }) })).body.recorded).toBe(false);
  });

  it('a free user starting two quizzes at once gets one trial, not two', async () => {
    const free = newId();
    const as = caller(h, free);
    const results = await Promise.all([1, 2, 3].map(() => as(start({ mode: 'full', chapterId: CHAPTER }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    expect(await status(h, free)).toMatchObject({ trialQuizzesRemaining: 0, canTakeQuiz: false });
  });

  it('a subscriber: every quiz kind, until the subscription ends; the owner counts as subscribed', async () => {
    const learner = newId();
    const subscriptionId = await subscribe(h, learner);
    const as = caller(h, learner);
    expect(await status(h, learner)).toMatchObject({ canTakeQuiz: true, subscriptionStatus: 'active', trialQuizzesRemaining: 1 });
    expect((await status(h, learner)).subscriptionEndsAt).toMatch(/^2026-06-01T/);
    // A mistake (and a card due for review) first: mistake and review quizzes need questions to ask.
    expect((await as({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, WRONG.cell) })).body.recorded).toBe(true);
    for (const body of [{ mode: 'mistakes', chapterId: CHAPTER }, { mode: 'subject-mistakes', subjectId: SUBJECT }, { mode: 'review' }, { mode: 'topic', topicId: TOPIC }, { mode: 'full', chapterId: CHAPTER }]) {
      const res = await as(start(body));
      expect(res.status, JSON.stringify(body)).toBe(200);
      await as({ method: 'PATCH', url: `/api/sessions/${res.body.id}`, body: { timeSpent: 1, completed: true } });
    }
    // The full chapter quiz cleared the chapter's mistakes: nothing is left to review there.
    expect((await as(start({ mode: 'mistakes', chapterId: CHAPTER }))).body).toMatchObject({ statusCode: 409, code: 'NO_QUESTIONS' });
    expect(await status(h, learner)).toMatchObject({ quizzesCompleted: 5, trialQuizzesRemaining: 1 });

    await publish(h, 'billing.subscription.ended', { userId: learner, subscriptionId, reason: 'cancelled', endedAt: h.clock.now.toISOString() });
    await eventually(async () => (await status(h, learner)).subscriptionStatus === 'cancelled');
    // Back to a free user, whose trial is still unused.
    expect(await status(h, learner)).toMatchObject({ canTakeQuiz: true, trialQuizzesRemaining: 1 });
    expect((await as(start({ mode: 'review' }))).status).toBe(403);

    const owner = newId();
    expect(await status(h, owner, 'owner')).toMatchObject({ canTakeQuiz: true, subscriptionStatus: 'active' });
    expect((await caller(h, owner, 'owner')(start({ mode: 'topic', topicId: TOPIC }))).status).toBe(200);
    expect((await caller(h, owner, 'owner')(start({ mode: 'mistakes', chapterId: CHAPTER }))).body.code).toBe('NO_QUESTIONS'); // allowed, nothing to ask
  });

  it('applies billing events idempotently and in either order', async () => {
    const learner = newId();
    const subscriptionId = newId();
    const endsAt = new Date(h.clock.now.getTime() + 365 * 86_400_000).toISOString();
    // The end arrives first (another consumer, another order); the activation after it must not revive it.
    await publish(h, 'billing.subscription.ended', { userId: learner, subscriptionId, reason: 'refunded', endedAt: h.clock.now.toISOString() });
    await eventually(async () => (await status(h, learner)).subscriptionStatus === 'cancelled');
    const activated = { userId: learner, subscriptionId, plan: 'premium_yearly' as const, provider: 'paypal' as const, currency: 'USD' as const, amount: '5.00', startsAt: h.clock.now.toISOString(), endsAt };
    await publish(h, 'billing.subscription.activated', activated);
    await publish(h, 'billing.subscription.activated', activated);
    const marker = newId();
    await subscribe(h, marker); // events are handled in order: once this one shows, the two above were handled
    expect((await status(h, learner)).subscriptionStatus).toBe('cancelled');

    // A renewal (a new subscription) makes the learner active again; a redelivered activation changes nothing.
    await publish(h, 'billing.subscription.activated', { ...activated, subscriptionId: newId() });
    await eventually(async () => (await status(h, learner)).subscriptionStatus === 'active');
    const view = await h.app.db.collection<{ _id: string; items: unknown[] }>('subscription_activations').findOne({ _id: learner });
    expect(view?.items).toHaveLength(2);
  });
});

describe('study.rpc.entitlement', () => {
  it('answers svc-content over NATS with the learner’s view, the owner (from identity events) included', async () => {
    const ask = (userId: unknown) => h.billing.bus.request<{ subscriptionStatus: string; canTakeQuiz: boolean; trialQuizzesRemaining: number }>('study.rpc.entitlement', { userId });
    const free = newId();
    expect(await ask(free)).toEqual({ subscriptionStatus: 'none', canTakeQuiz: true, trialQuizzesRemaining: 1 });
    const subscriber = newId();
    await subscribe(h, subscriber);
    expect(await ask(subscriber)).toEqual({ subscriptionStatus: 'active', canTakeQuiz: true, trialQuizzesRemaining: 1 });

    const owner = newId();
    await publish(h, 'identity.user.upserted', { userId: owner, email: 'owner@example.com', firstName: 'O', lastName: 'W', role: 'owner' });
    await eventually(async () => (await ask(owner)).subscriptionStatus === 'active');
    await expect(ask('not-an-id')).rejects.toThrow(/BAD_REQUEST/);
  });

  it('lets a free learner reopen the list of the trial quiz they have open (a paused trial resumes), and nothing else', async () => {
    const ask = (body: Record<string, string>) => h.billing.bus.request<{ canTakeQuiz: boolean }>('study.rpc.entitlement', body);
    const free = newId();
    const as = caller(h, free);
    const trial = (await as(start({ mode: 'full', chapterId: CHAPTER }))).body.id;
    await as({ method: 'PATCH', url: `/api/sessions/${trial}/pause`, body: { currentQuestionIndex: 1, timeSpent: 20 } });
    expect((await ask({ userId: free })).canTakeQuiz).toBe(false);
    expect((await ask({ userId: free, chapterId: CHAPTER })).canTakeQuiz).toBe(true);
    expect((await ask({ userId: free, chapterId: CHAPTER_2 })).canTakeQuiz).toBe(false);
    expect((await ask({ userId: free, topicId: TOPIC })).canTakeQuiz).toBe(false);
    await as({ method: 'PATCH', url: `/api/sessions/${trial}/resume` });
    await as({ method: 'PATCH', url: `/api/sessions/${trial}`, body: { timeSpent: 30, completed: true } });
    expect((await ask({ userId: free, chapterId: CHAPTER })).canTakeQuiz).toBe(false);
  });
});

describe('an activation published while svc-study is down', () => {
  it('takes effect when the service comes back', async () => {
    const down = await startHarness();
    try {
      const learner = newId();
      expect((await status(down, learner)).subscriptionStatus).toBe('none');
      // The free trial: one wrong answer, so a review quiz has a question once the subscription is there.
      const asFree = caller(down, learner);
      const trial = (await asFree(start({ mode: 'topic', topicId: TOPIC }))).body.id;
      await asFree({ method: 'POST', url: '/api/answers', body: answer(Q.cell.questionId, WRONG.cell, { sessionId: trial }) });
      expect((await asFree(start({ mode: 'review' }))).status).toBe(403);
      await down.app.close(); // svc-study stops; billing goes on
      await publish(down, 'billing.subscription.activated', {
        userId: learner, subscriptionId: newId(), plan: 'premium_yearly', provider: 'razorpay', currency: 'INR', amount: '500.00',
        startsAt: down.clock.now.toISOString(), endsAt: new Date(down.clock.now.getTime() + 365 * 86_400_000).toISOString(),
      });
      const back = await down.rebuild(); // the same database and durable consumers
      try {
        const as = caller(down, learner, 'learner', back);
        await eventually(async () => (await as({ url: '/api/subscription/status' })).body.subscriptionStatus === 'active');
        expect((await as({ url: '/api/subscription/status' })).body).toMatchObject({ canTakeQuiz: true, subscriptionStatus: 'active' });
        expect((await as(start({ mode: 'review' }))).status).toBe(200);
      } finally {
        await back.close();
      }
    } finally {
      await down.close();
    }
  });
});
