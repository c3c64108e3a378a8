// Issue 31, item 14: "Challenge back" from a played challenge's results: the same questions, sent to the challenger
// with the player's numbers, once per attempt, by the attempt's player only, and a Premium feature like any challenge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER, caller, challenger, play, startHarness, subscribe, user, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

const back = (as: ReturnType<typeof caller>, attemptId: string) => as({ method: 'POST', url: `/api/challenges/attempts/${attemptId}/challenge-back` });

describe('challenge back', () => {
  it('sends the challenger the same questions with the player\u2019s numbers, once, and only for the player', async () => {
    const c = await challenger(h, 'Rohan');
    const link = await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId } });
    const sara = await user(h, 'Sara');
    await subscribe(h, sara);
    const played = await play(caller(h, sara), link.body.token, { right: 4, guestName: undefined });
    expect(played.finished!.body).toMatchObject({ score: 100, chapterId: CHAPTER });

    expect((await back(caller(h, await user(h, 'Other')), played.attemptId!)).status).toBe(404); // not the player
    expect((await back(c.as, played.attemptId!)).status).toBe(404); // nor the challenger

    const first = await back(caller(h, sara), played.attemptId!);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'direct', maxUses: 1 });
    // A double tap (or a retry on another replica) answers the same challenge.
    const again = await back(caller(h, sara), played.attemptId!);
    expect(again.body).toEqual(first.body);

    const inbox = (await c.as({ url: '/api/challenges/mine' })).body;
    expect(inbox.received).toEqual([expect.objectContaining({
      id: first.body.id, challengerName: 'Sara Learner', challengedName: 'Rohan Learner', challengerScore: 100, chapterId: CHAPTER,
      message: 'Sara Learner scored 100% on this topic. Can you beat that score?',
    })]);
    // Rohan plays the very questions he sent.
    const rematch = await play(c.as, first.body.token, { right: 2, guestName: undefined });
    expect(rematch.started.status).toBe(200);
    expect((rematch.started.body as { questions: unknown[] }).questions).toEqual((played.started.body as { questions: unknown[] }).questions);
    expect(rematch.finished!.body).toMatchObject({ name: 'Rohan Learner', score: 50, winner: 'challenger' });
  });

  it('is for a guest once they claimed the result; a free learner is offered Premium; an unfinished attempt waits', async () => {
    const c = await challenger(h, 'Kiran');
    const link = await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId } });
    const guest = caller(h, null, { ip: '198.51.100.31' });
    const played = await play(guest, link.body.token, { right: 1, guestName: 'Gita' });
    const gita = await user(h, 'Gita');
    expect((await back(caller(h, gita), played.attemptId!)).status).toBe(404); // not claimed yet: not hers
    await caller(h, gita)({ method: 'POST', url: `/api/challenges/attempts/${played.attemptId}/claim`, body: { attemptKey: played.attemptKey } });
    const free = await back(caller(h, gita), played.attemptId!);
    expect(free).toMatchObject({ status: 403, body: { code: 'NOT_ENTITLED' } });
    await subscribe(h, gita);
    expect(await back(caller(h, gita), played.attemptId!)).toMatchObject({ status: 200, body: { kind: 'direct' } });

    const amit = await user(h, 'Amit');
    await subscribe(h, amit);
    const started = await caller(h, amit)({ method: 'POST', url: `/api/challenges/token/${link.body.token}/attempts`, body: {} });
    expect(await back(caller(h, amit), started.body.attemptId)).toMatchObject({ status: 409, body: { code: 'NOT_FINISHED' } });
  });
});
