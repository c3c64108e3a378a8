// The support loop's events on real NATS: feedback.ticket.created goes out once even when NATS restarts while a
// ticket is being filed, and billing.refund.updated is written on the ticket for the learner to see.
import type { EventData, LearnerTicket } from '@lp/contracts';
import { eventId } from '@lp/service-kit';
import { buildTestService, createTestKeys, eventually } from '@lp/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { newId, png, startFeedback, ticketEvents } from '../support/harness';
// @ts-expect-error plain ESM module of the local tooling
import { ensureNatsServer } from '../../../deploy/local/tools.mjs';

const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => { const { port } = server.address() as { port: number }; server.close(() => resolve(port)); });
});

/** A NATS server of this test's own, so that restarting it disturbs no other test file. */
async function privateNats() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'feedback-nats-'));
  const bin = ensureNatsServer() as string;
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
    await eventually(async () => new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    }), { timeoutMs: 15_000, intervalMs: 50 });
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise((resolve) => { c.once('exit', resolve); c.kill('SIGKILL'); });
  };
  await start();
  return { url: `nats://127.0.0.1:${port}`, start, stop, cleanup: async () => { await stop(); rmSync(dir, { recursive: true, force: true }); } };
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c().catch(() => undefined); });

describe('feedback.ticket.created through the outbox', () => {
  it('is published exactly once although NATS restarts while the ticket is being filed', async () => {
    const nats = await privateNats();
    cleanups.push(nats.cleanup);
    const fb = await startFeedback({ natsUrl: nats.url });
    cleanups.push(() => fb.close());
    const learner = newId();

    await nats.stop();
    const pending = fb.submit(learner, { category: 'cancel-subscription', subject: 'Please cancel', message: 'I am moving abroad.' }, { bytes: png(1000), name: 'a.png' });
    await new Promise((r) => setTimeout(r, 700));
    await nats.start();
    const res = await pending;
    expect(res.status).toBe(200);
    const ticketNumber = res.body.ticketNumber as string;

    const mine = async () => ((await fb.get('/api/feedback/mine', await fb.as(learner))).body as { tickets: LearnerTicket[] }).tickets;
    expect((await mine()).map((t) => t.ticketNumber)).toEqual([ticketNumber]);
    const sent = await eventually(async () => { const e = (await ticketEvents(nats.url)).filter((x) => x.data.ticketNumber === ticketNumber); return e.length > 0 && e; }, { timeoutMs: 20_000, intervalMs: 300 });
    await new Promise((r) => setTimeout(r, 1500)); // several relay passes later: still one
    const all = (await ticketEvents(nats.url)).filter((x) => x.data.ticketNumber === ticketNumber);
    expect(all).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ ticketNumber, userId: learner, category: 'cancel-subscription', subject: 'Please cancel', message: 'I am moving abroad.' });
    expect(await fb.app.db.collection('outbox').countDocuments()).toBe(0);
  }, 60_000);
});

describe('a process that dies between recording the event and writing the ticket', () => {
  it('leaves the event in the outbox; the relay writes the ticket from it, then sends the event once', async () => {
    const fb = await startFeedback();
    cleanups.push(() => fb.close());
    const learner = newId();
    const ticketNumber = `LP-2026-9${String(Math.floor(Math.random() * 99_999)).padStart(5, '0')}`;
    const data: EventData<'feedback.ticket.created'> = { ticketNumber, userId: learner, category: 'refund', subject: 'Refund please', message: 'Charged twice.', createdAt: new Date().toISOString() };
    // What the submission had done when the process died: the event recorded, the ticket not yet written.
    await fb.app.bus.record('feedback.ticket.created', data, { id: eventId('feedback.ticket.created', ticketNumber) });
    const mine = async () => ((await fb.get('/api/feedback/mine', await fb.as(learner))).body as { tickets: LearnerTicket[] }).tickets;
    await eventually(async () => (await mine()).length === 1);
    expect((await mine())[0]).toMatchObject({ ticketNumber, category: 'refund', subject: 'Refund please', message: 'Charged twice.', status: 'open' });
    const sent = await eventually(async () => { const e = (await ticketEvents()).filter((x) => x.data.ticketNumber === ticketNumber && x.data.userId === learner); return e.length > 0 && e; });
    expect(sent).toHaveLength(1);
  }, 30_000);
});

describe('billing.refund.updated is written on the ticket', () => {
  it('shows the learner billing\'s decision, once per decision, the newest on top', async () => {
    const keys = await createTestKeys();
    const fb = await startFeedback({ keys });
    cleanups.push(() => fb.close());
    const billing = await buildTestService({ name: 'billing', description: 'billing stand-in', app: async () => {} }, keys, { instanceTag: fb.tag });
    cleanups.push(() => billing.close());
    const learner = newId();
    const ticketNumber = (await fb.submit(learner, { category: 'refund', subject: 'Refund please', message: 'Bought it twice by mistake.' })).body.ticketNumber as string;

    const decision = (outcome: EventData<'billing.refund.updated'>['outcome'], reason: string, decidedAt: string, userId = learner): EventData<'billing.refund.updated'> =>
      ({ ticketNumber, userId, outcome, reason, decidedAt, paymentId: 'pay_1', amount: '500.00', currency: 'INR' });
    const id = randomUUID();
    await billing.bus.publish('billing.refund.updated', decision('refused', 'Refunds are for first-time subscriptions within 7 days.', '2026-03-10T09:00:00.000Z'), { id });
    await billing.bus.publish('billing.refund.updated', decision('refunded', 'This must not show: another learner', '2026-03-10T09:30:00.000Z', newId()));
    const mine = async () => ((await fb.get(`/api/feedback/mine/${ticketNumber}`, await fb.as(learner))).body as LearnerTicket);
    await eventually(async () => (await mine()).outcome !== null);
    expect((await mine()).outcome).toEqual({ outcome: 'refused', reason: 'Refunds are for first-time subscriptions within 7 days.', decidedAt: '2026-03-10T09:00:00.000Z' });

    // The same event again (a redelivery, a re-publish) changes nothing; a later decision shows instead.
    await billing.bus.publish('billing.refund.updated', decision('refused', 'Refunds are for first-time subscriptions within 7 days.', '2026-03-10T09:00:00.000Z'), { id });
    await billing.bus.publish('billing.refund.updated', decision('refunded', 'Refunded after review: 500.00 INR to the original payment method in 5-7 business days.', '2026-03-11T09:00:00.000Z'));
    await eventually(async () => (await mine()).outcome?.outcome === 'refunded');
    expect(await fb.app.db.collection('ticket_outcomes').countDocuments({ ticketNumber })).toBe(2);
    const owner = newId();
    const inbox = await fb.get(`/api/admin/feedback/${ticketNumber}`, await fb.as(owner, { owner: true, admin: true }));
    expect(inbox.body).toMatchObject({ outcome: { outcome: 'refunded' }, overdue: false });
  }, 60_000);
});
