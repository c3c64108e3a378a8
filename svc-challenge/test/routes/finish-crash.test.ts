// A finish that fails between recording challenge.attempt.completed and deciding the result (the fail point stands
// in for a process dying there): the relay decides the result and sends the event, once; the player's repeated
// finish reads the same result and sends nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFailPoint } from '@lp/service-kit';
import { eventually } from '@lp/service-kit/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { caller, challenger, rightAnswer, startHarness, type Harness } from '../support/harness';

let h: Harness;
let nc: NatsConnection;
const seen: Array<{ id: string; data: Record<string, unknown> }> = [];
beforeAll(async () => {
  h = await startHarness();
  nc = await connect({ servers: h.app.config.natsUrl });
  const sub = nc.subscribe('challenge.attempt.completed');
  void (async () => { for await (const m of sub) seen.push(m.json()); })();
});
afterAll(async () => { await nc?.close(); await h?.close(); });

describe('challenge.attempt.completed after a finish that died half-way', () => {
  it('is relayed exactly once with the result the player then reads', async () => {
    const c = await challenger(h, 'Meera');
    const token = (await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId, maxUses: 3 } })).body.token as string;
    const guest = caller(h, null, { ip: '203.0.113.61' });
    const started = await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts`, body: { guestName: 'Ravi' } });
    const { attemptId, attemptKey, questions } = started.body as { attemptId: string; attemptKey: string; questions: Array<{ id: string }> };
    for (const q of questions) await guest({ method: 'POST', url: `/api/challenges/token/${token}/attempts/${attemptId}/answers`, body: { attemptKey, questionId: q.id, answer: rightAnswer(q.id) } });

    const finishUrl = `/api/challenges/token/${token}/attempts/${attemptId}/finish`;
    setFailPoint('challenge-attempt-recorded', true);
    try {
      expect((await guest({ method: 'POST', url: finishUrl, body: { attemptKey } })).status).toBe(500);
    } finally {
      setFailPoint('challenge-attempt-recorded', false);
    }
    const mine = () => seen.filter((e) => e.data.attemptId === attemptId);
    await eventually(async () => mine().length > 0, { timeoutMs: 20_000 });
    expect(mine()[0]!.data).toMatchObject({ attemptId, friendName: 'Ravi', score: 100, correctAnswers: 4, totalQuestions: 4 });

    const again = await guest({ method: 'POST', url: finishUrl, body: { attemptKey } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ attemptId, score: 100, correctAnswers: 4 });
    await new Promise((r) => setTimeout(r, 3_000)); // more relay passes
    expect(new Set(mine().map((e) => e.id)).size).toBe(1);
    expect(mine()).toHaveLength(1);
  }, 90_000);
});
