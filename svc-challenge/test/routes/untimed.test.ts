// Untimed mode (issue 33 §3): a player who needs extra time plays without a timer, and their time is never a
// tie-break; results rank by accuracy first, then time only between two timed players.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@lp/service-kit/testing';
import { caller, finishQuiz, newId, publish, rightAnswer, startHarness, subscribe, wrongAnswer, type Caller, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

/** A user identity announces, with their untimed-mode setting; svc-challenge keeps it with the name. */
async function userWithSetting(firstName: string, untimed: boolean) {
  const userId = newId();
  await publish(h, 'identity.user.upserted', { userId, email: `${firstName.toLowerCase()}.${userId.slice(-6)}@example.com`, firstName, lastName: 'Learner', role: 'learner', untimed });
  await eventually(async () => (await h.app.db.collection('user_names').findOne({ _id: userId as never }))?.untimed === untimed);
  return userId;
}

/** A link challenge by a challenger who scored 75% in 95 s. */
async function linkChallenge(firstName: string, untimed = false) {
  const id = await userWithSetting(firstName, untimed);
  await subscribe(h, id);
  const sessionId = await finishQuiz(h, id, { right: 3, timeSpent: 95 });
  const as = caller(h, id);
  const created = await as({ method: 'POST', url: '/api/challenges', body: { sessionId } });
  expect(created.status).toBe(200);
  return { as, id: created.body.id as string, token: created.body.token as string };
}

/** Plays the link: 3 of 4 right (75%), taking `seconds` on the test clock. */
async function playLevel(as: Caller, token: string, { seconds, ...start }: { seconds: number; guestName?: string; untimed?: boolean }) {
  const started = await as({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: start });
  expect(started.status).toBe(200);
  const { attemptId, attemptKey, questions } = started.body as { attemptId: string; attemptKey: string; questions: Array<{ id: string }> };
  for (const [i, q] of questions.entries()) {
    await as({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${attemptId}/answers`, body: { attemptKey, questionId: q.id, answer: i < 3 ? rightAnswer(q.id) : wrongAnswer(q.id) } });
  }
  h.clock.advance(seconds * 1000);
  const finished = await as({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${attemptId}/finish`, body: { attemptKey } });
  expect(finished.status).toBe(200);
  return { started: started.body, finished: finished.body };
}

describe('untimed mode in challenges', () => {
  it('a guest chooses it on the start form: an equal score is a tie and a shared place, however slow; timed players are ranked by time', async () => {
    const { as, id, token } = await linkChallenge('Meera');
    const quick = await playLevel(caller(h, null), token, { guestName: 'Quick', seconds: 30 });
    expect(quick.started.untimed).toBe(false);
    expect(quick.finished).toMatchObject({ score: 75, timeSpent: 30, untimed: false, winner: 'friend', challengerUntimed: false });

    const steady = await playLevel(caller(h, null), token, { guestName: 'Steady', untimed: true, seconds: 600 });
    expect(steady.started.untimed).toBe(true);
    expect(steady.finished).toMatchObject({ score: 75, timeSpent: 600, untimed: true, winner: 'tie' });

    const slow = await playLevel(caller(h, null), token, { guestName: 'Slow', seconds: 600 });
    expect(slow.finished).toMatchObject({ score: 75, untimed: false, winner: 'challenger' });

    // Places among the challenger (75%, 95 s) and the players: Quick first; Steady, untimed, shares first place;
    // Slow behind both timed players.
    const view = (await as({ url: `/api/challenges/${id}` })).body;
    expect(view.results.map((r: { name: string; place: number; untimed: boolean; winner: string }) => [r.name, r.place, r.untimed, r.winner])).toEqual([
      ['Quick', 1, false, 'friend'], ['Steady', 1, true, 'tie'], ['Slow', 3, false, 'challenger'],
    ]);
  });

  it('a signed-in player\'s profile setting applies unless the start form says otherwise, and an untimed challenger\'s time is never compared', async () => {
    const { token } = await linkChallenge('Kabir', true);
    expect((await caller(h, null)({ url: `/api/challenges/token/${token}` })).body).toMatchObject({ challengerUntimed: true, challengerTime: 95 });

    // A timed friend, faster and level on score: a tie, since the challenger played untimed.
    const fastFriend = await userWithSetting('Nisha', false);
    expect((await playLevel(caller(h, fastFriend), token, { seconds: 5 })).finished).toMatchObject({ untimed: false, winner: 'tie' });

    const untimedFriend = await userWithSetting('Dev', true);
    expect((await playLevel(caller(h, untimedFriend), token, { seconds: 5 })).started.untimed).toBe(true);
    const choosesTimed = await userWithSetting('Isha', true);
    expect((await playLevel(caller(h, choosesTimed), token, { untimed: false, seconds: 5 })).started.untimed).toBe(false);
  });
});
