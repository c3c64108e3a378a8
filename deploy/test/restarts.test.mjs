// Reliability: NATS and the database (FerretDB) are restarted while learners answer, one of them pays through the
// local Razorpay stand-in and another opens a feedback ticket, every call retried as the browser does. Nothing is
// lost and each thing is recorded once: every answer counted once in progress, one payment (the subscription
// active), one ticket.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAll, call, chapterWith, checkAnswers, learnersWithQuizzes, pay, sleep, withRetries } from '../chaos/drive.mjs';
import { startAgain, stopProcess, waitForPort } from '../local/processes.mjs';
import { startOwnStack } from './support/own-stack.mjs';

let stack;
beforeAll(async () => { stack = await startOwnStack({ slot: 2, only: ['identity', 'content', 'study', 'billing', 'feedback'] }); });
afterAll(async () => { await stack?.stop(); });

/** Opens a ticket; a retry carries the same submissionId, as the feedback form does. */
async function openTicket(base, cookie, subject, stats) {
  const submissionId = randomUUID();
  const form = () => {
    const data = new globalThis.FormData();
    for (const [k, v] of Object.entries({ category: 'bug', subject, message: 'The page froze while the servers restarted.', submissionId })) data.append(k, v);
    return data;
  };
  return (await withRetries(() => call(base, cookie, 'POST', '/api/feedback', form()), stats)).body.ticketNumber;
}

async function until(probe, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s (logs in ${stack.logs})`);
    await sleep(250);
  }
}

describe('NATS and the database restarted during answers, a payment and a ticket', () => {
  it('loses nothing and records each once', async () => {
    const base = stack.url;
    const stats = { retries: 0 };
    const chapter = await chapterWith(base, 8);
    const learners = await learnersWithQuizzes(base, { count: 4, perLearner: 8, chapter, label: 'Restart' });
    const [payer, reporter] = learners;
    const subject = `Frozen page ${randomUUID().slice(0, 8)}`;
    const { nats, ferretdb } = stack.handles;
    const answer = (from, to) => answerAll(base, learners, { stats, from, to });
    await answer(0, 2);

    // NATS down while learners answer and one pays (events wait in the outboxes), then back. Whatever cannot finish
    // without NATS is retried and finishes once it is back.
    await stopProcess(nats);
    const whileNatsDown = Promise.all([answer(2, 4), pay(base, payer.cookie, stats)]);
    await Promise.race([whileNatsDown, sleep(4000)]);
    startAgain(nats);
    await waitForPort(nats, stack.topo.natsPort);
    await whileNatsDown;

    // The database down while learners answer and one opens a ticket (their calls fail and are retried), then back.
    await stopProcess(ferretdb);
    const retriesBefore = stats.retries;
    const whileDbDown = Promise.all([answer(4, 6), openTicket(base, reporter.cookie, subject, stats)]);
    await sleep(2000);
    startAgain(ferretdb);
    await waitForPort(ferretdb, stack.topo.mongoPort);
    const [, ticketNumber] = await whileDbDown;
    expect(stats.retries).toBeGreaterThan(retriesBefore); // the outage was felt
    await answer(6, 8);

    const { recorded, lost, twice, mismatches } = await checkAnswers(base, stack.infraEnv.MONGODB_URI, learners, chapter);
    const sent = learners.reduce((n, l) => n + l.sent.length, 0);
    expect({ sent, recorded, lost, twice, mismatches }).toEqual({ sent: 32, recorded: 32, lost: 0, twice: 0, mismatches: [] });

    // The payment: one successful transaction, and the subscription active at study (an event over the restarted NATS).
    const payments = (await call(base, payer.cookie, 'GET', '/api/payment-status')).body;
    expect(payments.successful).toBe(1);
    expect(payments.transactions).toHaveLength(1);
    await until(async () => (await call(base, payer.cookie, 'GET', '/api/subscription/status')).body?.subscriptionStatus === 'active', 'the subscription to be active');

    // The ticket: once, under the number the learner was given.
    const mine = (await call(base, reporter.cookie, 'GET', '/api/feedback/mine')).body.tickets.filter((t) => t.subject === subject);
    expect(mine.map((t) => t.ticketNumber)).toEqual([ticketNumber]);
  });
});
