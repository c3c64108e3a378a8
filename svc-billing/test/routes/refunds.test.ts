// Refunds as the learner asks for them (issue 31 §1): GET /api/refund says what would happen, POST /api/refund does
// it once. A refund or cancel-subscription ticket alone refunds nothing; a confirmation naming the ticket resolves it
// through billing.refund.updated.
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

const post = async (userId: string, url: string, payload?: object, app: ServiceApp = h.billing) => app.inject({ method: 'POST', url, headers: await h.as(userId), ...(payload ? { payload } : {}) });
const quote = async (userId: string, app: ServiceApp = h.billing) => (await app.inject({ method: 'GET', url: '/api/refund', headers: await h.as(userId) })).json();
const confirm = (userId: string, body: object = {}, app: ServiceApp = h.billing) => post(userId, '/api/refund', body, app);
const newTicketNumber = () => `LP-2026-${String(randomInt(1, 999_999)).padStart(6, '0')}`;

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
const status = async (userId: string) => (await h.billing.inject({ method: 'GET', url: '/api/payment-status', headers: await h.as(userId) })).json();
/** A billing replica on the same database whose clock reads `at`. */
const billingAt = (at: Date) => createService(createBillingService({ now: () => at, config: { publicUrl: 'http://127.0.0.1:9', demoGrant: false } }), {
  dbName: h.billingDb, verifier: h.keys.verifier, logger: false, instanceTag: h.tag,
});

describe('refunds: see what happens, then confirm', () => {
  it('within 7 days of a first subscription: the quote says ₹500 back through Razorpay in 5-7 business days; confirming refunds once and ends premium', async () => {
    const user = newId();
    const bought = await buyWithRazorpay(user);
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    expect(await quote(user)).toMatchObject({ eligible: true, amount: '500.00', currency: 'INR', method: 'razorpay', refundTime: '5-7 business days' });
    // Asking what would happen changes nothing.
    expect((await status(user)).transactions[0]).toMatchObject({ status: 'captured', paymentId: bought.paymentId });
    const done = await confirm(user);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ outcome: 'refunded', amount: '500.00', currency: 'INR', method: 'razorpay', refundTime: '5-7 business days' });
    expect((await status(user)).transactions[0]).toMatchObject({ status: 'refunded', paymentId: bought.paymentId });
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus !== 'active');
    // A second confirmation refunds nothing twice.
    const again = await confirm(user);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOT_REFUNDABLE', message: expect.stringContaining('nothing to refund') });
    expect(await quote(user)).toMatchObject({ eligible: false });
    expect(await h.billing.db.collection('refunds').countDocuments({ 'value.paymentId': bought.paymentId })).toBe(1);
  });

  it('confirmed from a refund ticket: billing.refund.updated names the ticket with the outcome (PayPal: 3-5 business days)', async () => {
    const user = newId();
    await buyWithPayPal(user);
    const ticketNumber = newTicketNumber();
    const done = await confirm(user, { ticketNumber });
    expect(done.json()).toMatchObject({ outcome: 'refunded', amount: '5.00', currency: 'USD', ticketNumber });
    expect(await eventually(async () => outcomes.get(ticketNumber), { timeoutMs: 15_000 })).toMatchObject({
      userId: user, outcome: 'refunded', amount: '5.00', currency: 'USD', reason: expect.stringContaining('3-5 business days'),
    });
  });

  it('two replicas confirming at once: the gateway is asked once, the plan is refunded once', async () => {
    const user = newId();
    const bought = await buyWithRazorpay(user);
    const replica = await billingAt(new Date());
    try {
      const answers = await Promise.all([confirm(user, {}, h.billing), confirm(user, {}, replica), confirm(user, {}, h.billing)]);
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      expect(answers.every((a) => a.statusCode === 200 || a.json().code === 'NOT_REFUNDABLE')).toBe(true);
    } finally {
      await replica.close();
    }
    expect(await h.billing.db.collection('refunds').countDocuments({ 'value.paymentId': bought.paymentId })).toBe(1);
    expect((await status(user)).transactions[0]).toMatchObject({ status: 'refunded' });
  });

  it('after 7 days the quote says why not and a confirmation is refused; the plan stays', async () => {
    const user = newId();
    await buyWithRazorpay(user);
    const late = await billingAt(new Date(Date.now() + 8 * 86_400_000));
    try {
      expect(await quote(user, late)).toMatchObject({ eligible: false, reason: expect.stringContaining('7-day money-back guarantee ended') });
      // Which refusal, and the window's end, so a Hindi page words it in Hindi.
      expect(await quote(user, late)).toMatchObject({ refusal: 'window-ended', windowEndsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
      const refused = await confirm(user, {}, late);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('7-day money-back guarantee ended');
    } finally {
      await late.close();
    }
    expect((await status(user)).transactions[0].status).toBe('captured');
  });

  it('a refund or cancel-subscription ticket alone refunds nothing (the learner confirms on My plan)', async () => {
    const user = newId();
    const bought = await buyWithRazorpay(user);
    for (const category of ['refund', 'cancel-subscription'] as const) {
      await feedback.bus.publish<TicketCreated>('feedback.ticket.created', {
        ticketNumber: newTicketNumber(), userId: user, category, subject: 'Please refund', message: 'Not needed.', createdAt: new Date().toISOString(),
      });
    }
    // Nothing to wait for (billing consumes no tickets); a moment for a consumer that should not be there.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await status(user)).transactions[0]).toMatchObject({ status: 'captured', paymentId: bought.paymentId });
    expect(await quote(user)).toMatchObject({ eligible: true });
  });

  it("the demo subscriber's granted plan (provider 'seed', granted by billing at start): svc-study learns it, a refund is refused, nothing is charged back", async () => {
    const { userId: user, subscriptionId } = DEMO_SUBSCRIBER;
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    expect(await quote(user)).toMatchObject({ eligible: false, refusal: 'not-paid', reason: expect.stringContaining('was not paid for') });
    expect((await confirm(user)).statusCode).toBe(409);
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
    const ticketNumber = newTicketNumber();
    // The fail point stands in for a process that dies after recording the outcome, before marking the ledger:
    // only the relay can finish it.
    setFailPoint('billing-refund-recorded', true);
    try {
      expect((await confirm(user, { ticketNumber })).statusCode).toBe(500);
      const outcome = await eventually(async () => outcomes.get(ticketNumber), { timeoutMs: 20_000 });
      expect(outcome).toMatchObject({ outcome: 'refunded', paymentId: bought.paymentId, amount: '500.00' });
      expect((await status(user)).transactions[0]).toMatchObject({ status: 'refunded', paymentId: bought.paymentId });
    } finally {
      setFailPoint('billing-refund-recorded', false);
    }
    // The learner's retry finds the plan refunded already.
    expect((await confirm(user, { ticketNumber })).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 2_000)); // more relay passes
    sub.unsubscribe();
    expect(sent.filter((e) => e.ticketNumber === ticketNumber)).toHaveLength(1);
    expect(await h.billing.db.collection('refunds').countDocuments({ 'value.paymentId': bought.paymentId })).toBe(1);
  }, 60_000);
});
