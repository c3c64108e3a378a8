// A desk reply with a message is pushed to the learner's `push.user.<id>` subject once it is stored, so the page the
// learner has open asks for its notices at once (issue 31 §17): once per reply, however often the desk's call is
// retried; a status change without a message pushes nothing (it is not a notice).
import { ReplyPush, pushSubject } from '@lp/contracts';
import { eventually } from '@lp/service-kit/testing';
import { connect } from '@nats-io/transport-node';
import { Value } from '@sinclair/typebox/value';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, startFeedback, type Feedback } from '../support/harness';

let fb: Feedback;
beforeAll(async () => { fb = await startFeedback(); });
afterAll(async () => { await fb?.close(); });

describe('reply push', () => {
  it('tells the learner’s tabs of each reply with a message, once, after it is stored', async () => {
    const learner = newId();
    const owner = await fb.as(newId(), { owner: true, admin: true });
    const { status, body } = await fb.submit(learner, { category: 'bug', subject: 'Timer', message: 'The timer runs while paused.' });
    expect(status).toBe(200);
    const ticketNumber = body.ticketNumber as string;

    const nc = await connect({ servers: process.env.NATS_URL! });
    const pushed: unknown[] = [];
    const sub = nc.subscribe(pushSubject(learner));
    void (async () => { for await (const m of sub) pushed.push(m.json()); })();
    try {
      await nc.flush();
      // A status change alone: nothing to show as a notice, nothing pushed.
      expect((await fb.post(`/api/admin/feedback/${ticketNumber}/replies`, owner, { replyId: randomUUID(), status: 'in-progress' })).status).toBe(200);
      const reply = { replyId: randomUUID(), status: 'resolved', reply: 'Fixed: the timer now pauses.' };
      expect((await fb.post(`/api/admin/feedback/${ticketNumber}/replies`, owner, reply)).status).toBe(200);
      await eventually(async () => pushed.length > 0);
      // Pushed once it was stored: the notice it announces is there to be read.
      const notices = (await fb.get('/api/feedback/notices', await fb.as(learner))).body as { notices: Array<{ replyId: string }> };
      expect(notices.notices.map((n) => n.replyId)).toEqual([reply.replyId]);

      expect((await fb.post(`/api/admin/feedback/${ticketNumber}/replies`, owner, reply)).status).toBe(200); // a retry
      await nc.flush();
      await new Promise((r) => setTimeout(r, 300));
      expect(pushed).toEqual([{ type: 'reply', ticketNumber }]);
      expect(Value.Check(ReplyPush, pushed[0])).toBe(true);
    } finally {
      await nc.close();
    }
  });
});
