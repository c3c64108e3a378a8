// billing.refund.updated (events/consumers.ts) on real NATS: billing's decision is written on the ticket for the
// learner to see, once per decision.
import type { EventData, LearnerTicket } from '@lp/contracts';
import { buildTestService, createTestKeys, eventually } from '@lp/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { newId, startFeedback } from '../support/harness';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c().catch(() => undefined); });

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
    expect((await mine()).status).toBe('open'); // a refusal leaves it to the desk
    expect((await mine()).outcome).toEqual({ outcome: 'refused', reason: 'Refunds are for first-time subscriptions within 7 days.', decidedAt: '2026-03-10T09:00:00.000Z' });

    // The same event again (a redelivery, a re-publish) changes nothing; a later decision shows instead.
    await billing.bus.publish('billing.refund.updated', decision('refused', 'Refunds are for first-time subscriptions within 7 days.', '2026-03-10T09:00:00.000Z'), { id });
    await billing.bus.publish('billing.refund.updated', decision('refunded', 'Refunded after review: 500.00 INR to the original payment method in 5-7 business days.', '2026-03-11T09:00:00.000Z'));
    await eventually(async () => (await mine()).outcome?.outcome === 'refunded');
    // The refund the learner confirmed resolves the ticket: it no longer reads "Open".
    expect((await mine()).status).toBe('resolved');
    expect(await fb.app.db.collection('ticket_outcomes').countDocuments({ ticketNumber })).toBe(2);
    const owner = newId();
    const inbox = await fb.get(`/api/admin/feedback/${ticketNumber}`, await fb.as(owner, { owner: true, admin: true }));
    expect(inbox.body).toMatchObject({ outcome: { outcome: 'refunded' }, overdue: false });
  }, 60_000);
});
