import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, type InboxTicket, type LearnerTicket } from '@lp/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@lp/service-kit/testing';
import { newId, png, startFeedback, ticketEvents, type Feedback } from '../support/harness';

let fb: Feedback;
const OWNER = newId();
const bug = { category: 'bug', subject: 'Quiz freezes', message: 'After question 3 nothing happens.' };

beforeAll(async () => { fb = await startFeedback({ start: new Date('2026-03-10T08:00:00.000Z') }); });
afterAll(async () => { await fb?.close(); });

const mine = async (userId: string) => ((await fb.get('/api/feedback/mine', await fb.as(userId))).body as { tickets: LearnerTicket[] }).tickets;

describe('POST /api/feedback: what the form may send (spec §5, word for word)', () => {
  it('refuses missing or blank fields, an unknown category and over-long text, and stores nothing', async () => {
    const learner = newId();
    const cases: Array<[Record<string, string>, string]> = [
      [{ category: 'bug', message: 'x' }, FEEDBACK_MESSAGES.missingFields],
      [{ ...bug, subject: '   ' }, FEEDBACK_MESSAGES.missingFields],
      [{ ...bug, message: '' }, FEEDBACK_MESSAGES.missingFields],
      [{ subject: 's', message: 'm' }, FEEDBACK_MESSAGES.missingFields],
      [{ ...bug, category: 'praise' }, 'Choose a category: Bug Report, Feature Request, Question or content error, Cancel subscription, Refund request, Other.'],
      [{ ...bug, subject: 'x'.repeat(FEEDBACK_LIMITS.subject + 1) }, 'The subject can be at most 200 characters.'],
      [{ ...bug, message: 'x'.repeat(FEEDBACK_LIMITS.message + 1) }, 'The message can be at most 2000 characters.'],
      [{ ...bug, userId: newId() }, "The form has an unknown field 'userId'."],
    ];
    for (const [fields, text] of cases) {
      const res = await fb.submit(learner, fields);
      expect(res.status, text).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: text, code: 'VALIDATION' });
    }
    // The limits themselves are fine.
    expect((await fb.submit(learner, { ...bug, subject: 'x'.repeat(200), message: 'y'.repeat(2000) })).status).toBe(200);
    expect(await mine(learner)).toHaveLength(1);
  });

  it('refuses a subject holding a NUL, a line break or a right-to-left override, with a clear message, and stores nothing', async () => {
    const learner = newId();
    const text = 'The subject must be a single line of plain text: control characters and text-direction marks are not allowed.';
    for (const subject of ['Quiz\u0000freezes', 'Quiz\nfreezes', 'Refund \u202Egnp.exe', 'Isolated \u2066text\u2069']) {
      const res = await fb.submit(learner, { ...bug, subject });
      expect(res.status, JSON.stringify(subject)).toBe(400);
      expect(res.body).toMatchObject({ message: text });
    }
    expect(await mine(learner)).toHaveLength(0);
    // Other scripts are fine.
    expect((await fb.submit(learner, { ...bug, subject: 'प्रश्न में गलती — سؤال' })).status).toBe(200);
  });

  it('refuses a text file renamed .png and a 5 MB + 1 byte image, with the spec texts, and stores nothing', async () => {
    const learner = newId();
    const renamed = await fb.submit(learner, bug, { bytes: Buffer.from('I am plain text, not a picture.\n'.repeat(20)), name: 'screenshot.png' });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual({ statusCode: 400, error: 'Bad Request', message: FEEDBACK_MESSAGES.fileType, code: 'FILE_TYPE' });
    const big = await fb.submit(learner, bug, { bytes: png(FEEDBACK_LIMITS.attachmentBytes + 1), name: 'big.png' });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: FEEDBACK_MESSAGES.fileTooLarge, code: 'FILE_TOO_LARGE' });
    expect(await mine(learner)).toEqual([]);
  });

  it('needs a signed-in learner', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(bug)) form.append(k, v);
    expect((await fetch(`${fb.url}/api/feedback`, { method: 'POST', body: form })).status).toBe(401);
  });
});

describe('a ticket from the learner to the owner and back', () => {
  const learner = newId();
  const other = newId();
  const shot = png(600_000, 3); // three chunks
  let ticketNumber: string;

  it('files a ticket with a screenshot and answers a number read over the phone', async () => {
    const res = await fb.submit(learner, bug, { bytes: shot, name: 'screen.png' });
    expect(res.status).toBe(200);
    ticketNumber = res.body.ticketNumber as string;
    expect(ticketNumber).toMatch(/^LP-2026-\d{6}$/);
    const tickets = await mine(learner);
    expect(tickets).toEqual([expect.objectContaining({ ticketNumber, category: 'bug', subject: bug.subject, message: bug.message, status: 'open', hasAttachment: true, replies: [], outcome: null })]);
    const events = await eventually(async () => (await ticketEvents()).filter((e) => e.data.ticketNumber === ticketNumber).length > 0 && (await ticketEvents()).filter((e) => e.data.ticketNumber === ticketNumber));
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ ticketNumber, userId: learner, category: 'bug', subject: bug.subject });
  });

  it("keeps one learner out of another's ticket and every learner out of the inbox and the screenshots", async () => {
    expect((await fb.get(`/api/feedback/mine/${ticketNumber}`, await fb.as(learner))).status).toBe(200);
    expect((await fb.get(`/api/feedback/mine/${ticketNumber}`, await fb.as(other))).status).toBe(404);
    expect(await mine(other)).toEqual([]);
    for (const path of ['/api/admin/feedback', `/api/admin/feedback/${ticketNumber}`, `/api/admin/feedback/${ticketNumber}/attachment`]) {
      expect((await fb.get(path, await fb.as(learner))).status, path).toBe(403);
      expect((await fb.get(path, await fb.as(learner, { admin: true }))).status, path).toBe(403); // an elevation without the owner role
      expect((await fb.get(path, await fb.as(OWNER, { owner: true }))).status, path).toBe(403); // the owner without the admin password
      expect((await fb.get(path, {})).status, path).toBe(401);
    }
    expect((await fb.post(`/api/admin/feedback/${ticketNumber}/replies`, await fb.as(learner), { replyId: randomUUID(), status: 'resolved', reply: 'hi' })).status).toBe(403);
  });

  it('shows the owner the ticket and its screenshot, privately', async () => {
    const owner = await fb.as(OWNER, { owner: true, admin: true });
    const inbox = (await fb.get('/api/admin/feedback', owner)).body as { tickets: InboxTicket[] };
    expect(inbox.tickets.find((t) => t.ticketNumber === ticketNumber)).toMatchObject({ userId: learner, attachment: { filename: 'screen.png', kind: 'png', size: shot.length }, overdue: false });
    const image = await fb.get(`/api/admin/feedback/${ticketNumber}/attachment`, owner);
    expect(image.status).toBe(200);
    expect(image.raw.headers.get('content-type')).toBe('image/png');
    expect(image.raw.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await image.raw.arrayBuffer()).equals(shot)).toBe(true);
  });

  it("records the owner's status and reply once, and the learner sees them", async () => {
    const owner = await fb.as(OWNER, { owner: true, admin: true });
    const replyId = randomUUID();
    const body = { replyId, status: 'resolved', reply: 'Fixed in today\'s release. Thank you!' };
    const first = await fb.post(`/api/admin/feedback/${ticketNumber}/replies`, owner, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'resolved', replies: [{ message: body.reply }] });
    await fb.post(`/api/admin/feedback/${ticketNumber}/replies`, owner, body); // a retry
    const [ticket] = await mine(learner);
    expect(ticket).toMatchObject({ status: 'resolved', replies: [{ message: body.reply }] });
    expect(ticket!.replies).toHaveLength(1);
    expect((await fb.post(`/api/admin/feedback/${ticketNumber}/replies`, owner, { replyId: randomUUID(), status: 'closed' })).status).toBe(400);
    expect((await fb.post('/api/admin/feedback/LP-2026-999999/replies', owner, { replyId: randomUUID(), status: 'open' })).status).toBe(404);
  });

  it('answers a retried submission (same submissionId) with the same ticket, filed once', async () => {
    const submissionId = randomUUID();
    const [a, b] = await Promise.all([fb.submit(other, { ...bug, submissionId }), fb.submit(other, { ...bug, submissionId })]);
    const c = await fb.submit(other, { ...bug, submissionId });
    expect(a.body.ticketNumber).toBe(b.body.ticketNumber);
    expect(c.body.ticketNumber).toBe(a.body.ticketNumber);
    expect(await mine(other)).toHaveLength(1);
  });
});

describe('ticket numbers under load', () => {
  it('gives 50 concurrent submissions 50 distinct, increasing numbers', async () => {
    const learners = Array.from({ length: 50 }, newId);
    const before = (await fb.submit(newId(), bug)).body.ticketNumber as string;
    const results = await Promise.all(learners.map((l, i) => fb.submit(l, { ...bug, subject: `Concurrent ${i}` })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => r.body.ticketNumber as string);
    expect(new Set(numbers).size).toBe(50);
    for (const n of numbers) expect(n > before).toBe(true); // same width: string order is number order
    const after = (await fb.submit(newId(), bug)).body.ticketNumber as string;
    expect(numbers.every((n) => n < after)).toBe(true);
  });
});

describe('the 24-hour promise in the inbox', () => {
  it('puts tickets older than 24 hours without an answer first, then the newest', async () => {
    const local = await startFeedback({ start: new Date('2026-05-01T09:00:00.000Z') });
    try {
      const owner = await local.as(OWNER, { owner: true, admin: true });
      const old1 = (await local.submit(newId(), { ...bug, subject: 'old one' })).body.ticketNumber as string;
      local.clock.now = new Date('2026-05-01T10:00:00.000Z');
      const old2 = (await local.submit(newId(), { category: 'feature', subject: 'old two', message: 'm' })).body.ticketNumber as string;
      local.clock.now = new Date('2026-05-02T12:00:00.000Z');
      const fresh = (await local.submit(newId(), { ...bug, subject: 'fresh' })).body.ticketNumber as string;
      const list = async (query = '') => (await local.get(`/api/admin/feedback${query}`, owner)).body as { tickets: InboxTicket[]; overdue: number };
      let inbox = await list();
      expect(inbox.tickets.map((t) => [t.ticketNumber, t.overdue])).toEqual([[old1, true], [old2, true], [fresh, false]]);
      expect(inbox.overdue).toBe(2);
      await local.post(`/api/admin/feedback/${old1}/replies`, owner, { replyId: randomUUID(), status: 'in-progress', reply: 'Looking into it.' });
      inbox = await list();
      expect(inbox.tickets.map((t) => t.ticketNumber)).toEqual([old2, fresh, old1]);
      expect((await list('?category=feature')).tickets.map((t) => t.ticketNumber)).toEqual([old2]);
      expect((await list('?status=in-progress')).tickets.map((t) => t.ticketNumber)).toEqual([old1]);
      expect((await local.get('/api/admin/feedback?status=closed', owner)).status).toBe(400);
    } finally {
      await local.close();
    }
  });
});

describe('the per-learner limit', () => {
  it('answers 429 with a clear message and Retry-After past the limit, for that learner only', async () => {
    const local = await startFeedback({ submissionLimit: { limit: 3, windowMs: 10 * 60_000 } });
    try {
      const learner = newId();
      for (let i = 0; i < 3; i++) expect((await local.submit(learner, bug)).status).toBe(200);
      const refused = await local.submit(learner, bug);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' });
      expect(refused.body.message).toMatch(/^You have sent a lot of feedback in a short time\. Please try again in \d+ minutes?\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await local.submit(newId(), bug)).status).toBe(200);
      expect((await local.get('/api/feedback/mine', await local.as(learner))).body).toMatchObject({ tickets: { length: 3 } });
    } finally {
      await local.close();
    }
  });
});
