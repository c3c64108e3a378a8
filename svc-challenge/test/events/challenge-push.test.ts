// A finished attempt is pushed to the challenger's `push.user.<id>` subject (src/events/challenge-push.ts).
import { ChallengePush, pushSubject } from '@lp/contracts';
import { eventually } from '@lp/service-kit/testing';
import { Value } from '@sinclair/typebox/value';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, challenger, play, startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

describe('challenge push', () => {
  it("tells the challenger's tabs the friend's result when an attempt finishes", async () => {
    const c = await challenger(h, 'Asha');
    const created = await c.as({ method: 'POST', url: '/api/challenges', body: { sessionId: c.sessionId } });
    expect(created.status).toBe(200);
    const nc = await connect({ servers: h.app.config.natsUrl });
    const seen: unknown[] = [];
    const sub = nc.subscribe(pushSubject(c.id));
    void (async () => { for await (const m of sub) seen.push(m.json()); })();
    try {
      const { finished, attemptId } = await play(caller(h, null), created.body.token, { right: 4, guestName: 'Ravi' });
      expect(finished?.status).toBe(200);
      const message = await eventually(async () => seen[0]);
      expect(Value.Check(ChallengePush, message)).toBe(true);
      expect(message).toMatchObject({
        type: 'challenge', challengeId: created.body.id, attemptId, friendName: 'Ravi', score: 100, correctAnswers: 4, totalQuestions: 4, winner: 'friend',
      });
    } finally {
      await nc.close();
    }
  });
});
