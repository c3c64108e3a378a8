// A counted answer's effect on progress is pushed to the learner's `push.user.<id>` subject (src/events/progress-push.ts),
// with the figures the progress call would give and the ids of the answers behind them.
import { ProgressPush, pushSubject } from '@lp/contracts';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER, Q, WRONG, answer, caller, newId, startHarness, subscribe, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

describe('progress push', () => {
  it("sends the changed chapter's progress and the answer ids to the learner's subject", async () => {
    const learner = newId();
    await subscribe(h, learner);
    const as = caller(h, learner);
    const sub = h.app.bus.nc.subscribe(pushSubject(learner));
    const received: unknown[] = [];
    const reading = (async () => { for await (const m of sub) received.push(m.json()); })();

    const session = (await as({ method: 'POST', url: '/api/sessions', body: { mode: 'full', chapterId: CHAPTER, questionsCount: 2 } })).body.id;
    const right = answer(Q.cell.questionId, 'Mitochondrion', { sessionId: session, mode: 'full' });
    expect((await as({ method: 'POST', url: '/api/answers', body: right })).status).toBe(200);
    while (received.length < 1) await new Promise((r) => setTimeout(r, 20));
    const wrong = answer(Q.dna.questionId, WRONG.dna, { sessionId: session, mode: 'full' });
    expect((await as({ method: 'POST', url: '/api/answers', body: wrong })).status).toBe(200);
    while (received.length < 2) await new Promise((r) => setTimeout(r, 20));
    sub.unsubscribe();
    await reading;

    for (const message of received) expect(Value.Check(ProgressPush, message)).toBe(true);
    const [first, second] = received as ProgressPush[];
    expect(first!.answerIds).toEqual([right.answerId]);
    expect(first!.chapters).toEqual([expect.objectContaining({ chapterId: CHAPTER, totalQuestions: 1, questionsCorrect: 1, accuracyPercentage: 100 })]);
    expect(second!.answerIds).toEqual([wrong.answerId]);
    expect(second!.chapters[0]).toMatchObject({ chapterId: CHAPTER, totalQuestions: 2, questionsCorrect: 1, accuracyPercentage: 50 });
    // The figures are the ones the progress call answers.
    expect((await as({ url: `/api/chapter/progress?chapterId=${CHAPTER}` })).body).toEqual(second!.chapters[0]);
  });
});
