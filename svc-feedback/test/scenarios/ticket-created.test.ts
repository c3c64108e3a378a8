// feedback.ticket.created on real NATS: it goes out once even when NATS restarts while a ticket is being filed, or
// when the process filing it dies between recording the event and writing the ticket.
import type { EventData, LearnerTicket } from '@lp/contracts';
import { eventId } from '@lp/service-kit';
import { eventually } from '@lp/service-kit/testing';
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
