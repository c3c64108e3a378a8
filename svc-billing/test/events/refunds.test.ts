// Refunds and cancellations from the support loop: feedback.ticket.created in, billing.refund.updated out.
import { randomInt } from 'node:crypto';
import { DEMO_SUBSCRIBER, type RefundUpdated, type TicketCreated } from '@lp/contracts';
import { createService, eventId, setFailPoint, type ServiceApp } from '@lp/service-kit';
import { buildTestService, eventually } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingService } from '../../src/app';
import { clickThrough, newId, startHarness, studyStatus, type Harness } from '../support/harness';

let h: Harness;
let feedback: ServiceApp;
const outcomes = new Map<string, RefundUpdated>();

beforeAll(async () => {
  h = await startHarness({ options: { config: { demoGrant: true } } });
  // The feedback side of the loop: publishes tickets and reads the outcomes, as svc-feedback does.
  feedback = await buildTestService({
    name: 'feedback', description: 'feedback stand-in for billing refund tests', app: async () => {},
    consumers: () => [{ name: 'refund-outcomes', event: 'billing.refund.updated', handle: async (e: { data: RefundUpdated }) => { outcomes.set(e.data.ticketNumber, e.data); } }] as never,
  }, h.keys, { instanceTag: h.tag });
}, 60_000);
afterAll(async () => { await feedback?.close(); await h?.close(); });

const post = async (userId: string, url: string, payload?: object) => h.billing.inject({ method: 'POST', url, headers: await h.as(userId), ...(payload ? { payload } : {}) });

async function buyWithRazorpay(userId: string) {
  const order = (await post(userId, '/api/razorpay/create-order', { currency: 'INR' })).json();
  const back = await clickThrough(order.checkoutUrl, 'pay');
  const razorpayData = Object.fromEntries(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'].map((k) => [k, back.searchParams.get(k)!]));
  return (await post(userId, '/api/process-subscription-payment', { paymentMethod: 'razorpay', razorpayData })).json();
}
async function buyWithPayPal(userId: string) {
  const order = (await post(userId, '/api/paypal/order', { amount: '5.00', currency: 'USD', intent: 'CAPTURE' })).json();
  await clickThrough(order.approveUrl, 'pay');
  return (await post(userId, `/api/paypal/order/${order.id}/capture`)).json();
}

async function ticket(userId: string, category: TicketCreated['category'], createdAt = new Date()): Promise<RefundUpdated> {
  const ticketNumber = `LP-2026-${String(randomInt(1, 999_999)).padStart(6, '0')}`;
  await feedback.bus.publish<TicketCreated>('feedback.ticket.created', {
    ticketNumber, userId, category, subject: 'Please refund', message: 'My child does not need it any more.', createdAt: createdAt.toISOString(),
  });
  return eventually(async () => outcomes.get(ticketNumber), { timeoutMs: 15_000 });
}
const status = async (userId: string) => (await h.billing.inject({ method: 'GET', url: '/api/payment-status', headers: await h.as(userId) })).json();

describe('refund requests', () => {
  it('within 7 days of a first subscription: the money goes back through Razorpay, the plan ends, payment status shows the refund', async () => {
    const user = newId();
    const bought = await buyWithRazorpay(user);
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    const outcome = await ticket(user, 'refund');
    expect(outcome).toMatchObject({ outcome: 'refunded', paymentId: bought.paymentId, amount: '500.00', currency: 'INR', reason: expect.stringContaining('5-7 business days') });
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus !== 'active');
    expect((await status(user)).transactions[0]).toMatchObject({ status: 'refunded', paymentId: bought.paymentId });
    // a second request for the same plan refunds nothing twice
    expect((await ticket(user, 'refund')).outcome).toBe('no-subscription');
    expect(await h.billing.db.collection('refunds').countDocuments({ 'value.paymentId': bought.paymentId })).toBe(1);
  });

  it('a cancellation inside the window is refunded through PayPal', async () => {
    const user = newId();
    await buyWithPayPal(user);
    expect(await ticket(user, 'cancel-subscription')).toMatchObject({ outcome: 'refunded', amount: '5.00', currency: 'USD', reason: expect.stringContaining('3-5 business days') });
  });

  it('after 7 days the refund is refused and the plan stays; a late cancellation is confirmed without money back', async () => {
    const user = newId();
    await buyWithRazorpay(user);
    const late = new Date(Date.now() + 8 * 86_400_000);
    expect(await ticket(user, 'refund', late)).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('7-day money-back guarantee ended') });
    expect(await ticket(user, 'cancel-subscription', late)).toMatchObject({ outcome: 'cancelled', reason: expect.stringContaining('stays active until') });
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    expect((await status(user)).transactions[0].status).toBe('captured');
  });

  it('a learner with no paid plan is told there is nothing to refund; other ticket categories are left alone', async () => {
    const user = newId();
    expect((await ticket(user, 'refund')).outcome).toBe('no-subscription');
    const ticketNumber = 'LP-2026-BUG0001';
    await feedback.bus.publish<TicketCreated>('feedback.ticket.created', { ticketNumber, userId: user, category: 'bug', subject: 'Typo', createdAt: new Date().toISOString() });
    await new Promise((r) => setTimeout(r, 1000));
    expect(outcomes.has(ticketNumber)).toBe(false);
  });

  it("the demo subscriber's granted plan (provider 'seed', granted by billing at start): svc-study learns it, a cancellation is confirmed, a refund refused, nothing is charged back", async () => {
    const { userId: user, subscriptionId } = DEMO_SUBSCRIBER;
    // Granted by this billing's first start (seed/demo-grant.ts) and announced to svc-study.
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    const granted = await h.billing.db.collection('accounts').findOne({ _id: user as never });
    expect(granted?.subscriptions).toHaveLength(1);
    const endsAt = new Date(granted!.subscriptions[0].endsAt);
    expect(await ticket(user, 'cancel-subscription')).toMatchObject({
      outcome: 'cancelled', reason: expect.stringContaining(`stays active until ${endsAt.toISOString().slice(0, 10)}`),
    });
    expect(await ticket(user, 'refund')).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('was not paid for') });
    expect(await h.billing.db.collection('refunds').countDocuments({ _id: subscriptionId as never })).toBe(0);
    // No order, so no line in the payment history.
    expect((await status(user)).transactions).toEqual([]);
  });

  it('grants the demo subscriber once per database: a restart records and sends nothing new', async () => {
    const restarted = await createService(createBillingService({ config: { publicUrl: 'http://127.0.0.1:9', demoGrant: true } }), {
      dbName: h.billingDb, verifier: h.keys.verifier, logger: false, instanceTag: h.tag,
    });
    await restarted.close();
    const id = eventId('billing.subscription.activated', `lp-seed:${h.billingDb}:${DEMO_SUBSCRIBER.subscriptionId}`);
    expect(await h.billing.db.collection('outbox_sent').countDocuments({ _id: id as never })).toBe(1);
    expect(await h.billing.db.collection('outbox').countDocuments({ subject: 'billing.subscription.activated' })).toBe(0);
    const account = await h.billing.db.collection('accounts').findOne({ _id: DEMO_SUBSCRIBER.userId as never });
    expect(account?.subscriptions).toHaveLength(1);
  });

  it('a refund whose process died before sending its outcome: the relay marks the ledger and sends billing.refund.updated exactly once', async () => {
    const user = newId();
    const bought = await buyWithRazorpay(user);
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    const sent: RefundUpdated[] = [];
    const sub = h.billing.bus.nc.subscribe('billing.refund.updated');
    void (async () => { for await (const m of sub) sent.push(m.json<{ data: RefundUpdated }>().data); })();
    const ticketNumber = `LP-2026-${String(randomInt(1, 999_999)).padStart(6, '0')}`;
    // The fail point stands in for a process that dies after recording the outcome, before marking the ledger:
    // every delivery of the ticket fails there, so only the relay can finish it.
    setFailPoint('billing-refund-recorded', true);
    try {
      await feedback.bus.publish<TicketCreated>('feedback.ticket.created', {
        ticketNumber, userId: user, category: 'refund', subject: 'Please refund', message: 'Not needed.', createdAt: new Date().toISOString(),
      });
      const outcome = await eventually(async () => outcomes.get(ticketNumber), { timeoutMs: 20_000 });
      expect(outcome).toMatchObject({ outcome: 'refunded', paymentId: bought.paymentId, amount: '500.00' });
      expect((await status(user)).transactions[0]).toMatchObject({ status: 'refunded', paymentId: bought.paymentId });
    } finally {
      setFailPoint('billing-refund-recorded', false);
    }
    await new Promise((r) => setTimeout(r, 3_000)); // the ticket's redelivery now succeeds, and more relay passes
    sub.unsubscribe();
    expect(sent.filter((e) => e.ticketNumber === ticketNumber)).toHaveLength(1);
    expect(await h.billing.db.collection('refunds').countDocuments({ 'value.paymentId': bought.paymentId })).toBe(1);
  }, 60_000);
});
