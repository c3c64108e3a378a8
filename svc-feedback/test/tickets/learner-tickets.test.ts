// A desk reply as a notice (issue 31 §17): the learner's unseen replies on any page, until marked seen, once each,
// whichever tab or replica marks them; another learner's reply ids are ignored.
import type { ReplyNotice } from '@lp/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, startFeedback, type Feedback } from '../support/harness';

let fb: Feedback;
beforeAll(async () => { fb = await startFeedback({ start: new Date('2026-03-10T08:00:00.000Z') }); });
afterAll(async () => { await fb?.close(); });

const notices = async (userId: string) => ((await fb.get('/api/feedback/notices', await fb.as(userId))).body as { notices: ReplyNotice[] }).notices;
const seen = async (userId: string, replyIds: string[]) => fb.post('/api/feedback/notices/seen', await fb.as(userId), { replyIds });

async function ticketWithReply(learner: string, reply: string | undefined) {
  const ticketNumber = (await fb.submit(learner, { category: 'bug', subject: 'Quiz freezes', message: 'After question 3' })).body.ticketNumber as string;
  const replyId = randomUUID();
  const owner = await fb.as(newId(), { owner: true, admin: true });
  expect((await fb.post(`/api/admin/feedback/${ticketNumber}/replies`, owner, { replyId, status: 'resolved', ...(reply ? { reply } : {}) })).status).toBe(200);
  return { ticketNumber, replyId };
}

describe('replies as notices', () => {
  it('lists a reply until the learner has seen it; a status change without a reply is no notice', async () => {
    const learner = newId();
    expect(await notices(learner)).toEqual([]);
    const { ticketNumber, replyId } = await ticketWithReply(learner, "Thanks! Fixed in today's release.");
    await ticketWithReply(learner, undefined);
    expect(await notices(learner)).toEqual([{ replyId, ticketNumber, subject: 'Quiz freezes', message: "Thanks! Fixed in today's release.", at: expect.any(String) }]);

    // Two tabs mark it at once: recorded once, and it is gone from every tab's next look.
    const [a, b] = await Promise.all([seen(learner, [replyId]), seen(learner, [replyId])]);
    expect([a.body, b.body]).toEqual([{ unseen: 0 }, { unseen: 0 }]);
    expect(await notices(learner)).toEqual([]);
    expect(await fb.app.db.collection('notice_reads').countDocuments({ _id: `${learner}:${replyId}` as never })).toBe(1);
  });

  it("never shows or marks another learner's reply", async () => {
    const learner = newId();
    const other = newId();
    const { replyId } = await ticketWithReply(learner, 'Only for you.');
    expect(await notices(other)).toEqual([]);
    expect((await seen(other, [replyId])).body).toEqual({ unseen: 0 });
    expect((await notices(learner)).map((n) => n.replyId)).toEqual([replyId]);
    expect((await seen(learner, [replyId])).body).toEqual({ unseen: 0 });
  });

  it('refuses a malformed request in the one error shape', async () => {
    const res = await seen(newId(), ['not-a-uuid']);
    expect(res.status).toBe(400);
  });
});
