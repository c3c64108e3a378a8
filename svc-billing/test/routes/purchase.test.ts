// Buying the yearly plan with each gateway, end to end on real FerretDB + NATS + the stand-ins through the SDKs.
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@lp/service-kit';
import { eventually } from '@lp/service-kit/testing';
import { createBillingService } from '../../src/app';
import { clickThrough, newId, startHarness, studyStatus, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); }, 60_000);
afterAll(async () => { await h?.close(); });

const post = async (userId: string, url: string, payload?: unknown) =>
  h.billing.inject({ method: 'POST', url, headers: await h.as(userId), ...(payload === undefined ? {} : { payload: payload as object }) });
const paymentStatus = async (userId: string) => (await h.billing.inject({ method: 'GET', url: '/api/payment-status', headers: await h.as(userId) })).json();
const activations = (userId: string) => h.billing.db.collection('activations').countDocuments({ 'value.userId': userId });

describe('prices decided on the server', () => {
  it('quotes each region its price and gateways', async () => {
    const user = newId();
    const india = (await post(user, '/api/create-subscription-payment', { region: 'india' })).json();
    expect(india).toMatchObject({ amount: '500.00', currency: 'INR', intent: 'CAPTURE', plan: 'premium_yearly', providers: ['razorpay', 'paypal'] });
    expect((await post(user, '/api/create-subscription-payment', { region: 'europe' })).json()).toMatchObject({ amount: '5.00', currency: 'EUR', providers: ['paypal'] });
    expect((await post(user, '/api/create-subscription-payment', { region: 'mars' })).statusCode).toBe(400);
  });

  it('refuses an amount or currency that disagrees with the price list with 409, and opens no order', async () => {
    const user = newId();
    const cheap = await post(user, '/api/razorpay/create-order', { currency: 'INR', amount: 100 });
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json()).toMatchObject({ code: 'PRICE_MISMATCH', message: expect.stringContaining('INR 500.00') });
    expect((await post(user, '/api/paypal/order', { amount: '499.00', currency: 'INR', intent: 'CAPTURE' })).statusCode).toBe(409);
    expect((await post(user, '/api/paypal/order', { amount: '4.99', currency: 'USD', intent: 'CAPTURE' })).statusCode).toBe(409);
    expect((await paymentStatus(user)).transactions).toEqual([]);
  });

  it('needs a signed-in learner', async () => {
    expect((await h.billing.inject({ method: 'POST', url: '/api/razorpay/create-order', payload: { currency: 'INR' } })).statusCode).toBe(401);
  });
});

describe('Razorpay', () => {
  it('a learner buys through the checkout page: verified, captured, one year of premium in svc-study, green on payment status', async () => {
    const user = newId();
    const order = (await post(user, '/api/razorpay/create-order', { currency: 'INR', amount: 50_000 })).json();
    expect(order).toMatchObject({ id: expect.stringMatching(/^order_/), amount: 50_000, currency: 'INR', keyId: expect.any(String), checkoutUrl: expect.any(String) });
    expect((await paymentStatus(user))).toMatchObject({ notCompleted: 1, pending: 0, successful: 0 });

    const back = await clickThrough(order.checkoutUrl, 'pay');
    const fields = Object.fromEntries(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'].map((k) => [k, back.searchParams.get(k)!]));
    expect((await post(user, '/api/razorpay/verify-payment', fields)).json()).toEqual({ success: true });
    const result = (await post(user, '/api/process-subscription-payment', { paymentMethod: 'razorpay', razorpayData: fields })).json();
    expect(result).toMatchObject({ success: true, status: 'captured', paymentId: fields.razorpay_payment_id, subscription: { status: 'active', provider: 'razorpay', plan: 'premium_yearly' } });
    const days = (Date.parse(result.subscription.endsAt) - Date.parse(result.subscription.startsAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);

    // the same confirmation again (a double click, a retry) changes nothing
    expect((await post(user, '/api/process-subscription-payment', { paymentMethod: 'razorpay', razorpayData: fields })).json()).toEqual(result);
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    const report = await paymentStatus(user);
    expect(report).toMatchObject({ successful: 1, pending: 0, failed: 0, notCompleted: 0 });
    // The receipt's period: the year of premium this payment bought.
    const bought = report.transactions[0];
    expect(new Date(bought.validUntil).getTime() - new Date(bought.validFrom).getTime()).toBeGreaterThanOrEqual(365 * 24 * 3600 * 1000);
    expect(report.transactions).toEqual([expect.objectContaining({ paymentId: fields.razorpay_payment_id, status: 'captured', currency: 'INR', amount: '500.00', method: 'razorpay' })]);
    expect(await activations(user)).toBe(1);
  });

  it('a tampered signature gets the spec message and activates nothing', async () => {
    const user = newId();
    const order = (await post(user, '/api/razorpay/create-order', { currency: 'INR' })).json();
    const back = await clickThrough(order.checkoutUrl, 'pay');
    const fields = { razorpay_order_id: back.searchParams.get('razorpay_order_id')!, razorpay_payment_id: back.searchParams.get('razorpay_payment_id')!, razorpay_signature: 'f'.repeat(64) };
    expect((await post(user, '/api/razorpay/verify-payment', fields)).json()).toEqual({ success: false });
    const res = await post(user, '/api/process-subscription-payment', { paymentMethod: 'razorpay', razorpayData: fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Payment Verification Failed, Please contact support if money was deducted');
  });

  it("another learner cannot confirm someone else's order", async () => {
    const owner = newId();
    const order = (await post(owner, '/api/razorpay/create-order', { currency: 'INR' })).json();
    const back = await clickThrough(order.checkoutUrl, 'pay');
    const fields = Object.fromEntries(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'].map((k) => [k, back.searchParams.get(k)!]));
    expect((await post(newId(), '/api/process-subscription-payment', { paymentMethod: 'razorpay', razorpayData: fields })).statusCode).toBe(404);
  });

  it('a failed payment shows red on payment status and unlocks nothing', async () => {
    const user = newId();
    const order = (await post(user, '/api/razorpay/create-order', { currency: 'INR' })).json();
    const back = await clickThrough(order.checkoutUrl, 'fail');
    expect(back.searchParams.get('error')).toBe('payment_failed');
    await eventually(async () => (await paymentStatus(user)).failed === 1);
    expect(await activations(user)).toBe(0);
  });

  it('the same webhook delivered 10 times (and a late failure after it) gives one period', async () => {
    const user = newId();
    const order = (await post(user, '/api/razorpay/create-order', { currency: 'INR' })).json();
    const back = await clickThrough(order.checkoutUrl, 'pay');
    const paymentId = back.searchParams.get('razorpay_payment_id')!;
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: order.id, status: 'captured', amount: 50_000, currency: 'INR' } } } });
    const signature = createHmac('sha256', process.env.RAZORPAY_WEBHOOK_SECRET!).update(body).digest('hex');
    const eventHeader = `evt_${randomUUID().slice(0, 12)}`;
    const replies = await Promise.all(Array.from({ length: 10 }, () => h.billing.inject({
      method: 'POST', url: '/api/webhooks/razorpay', payload: body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventHeader },
    })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const failed = JSON.stringify({ entity: 'event', event: 'payment.failed', payload: { payment: { entity: { id: paymentId, order_id: order.id, status: 'failed', amount: 50_000, currency: 'INR' } } } });
    await h.billing.inject({ method: 'POST', url: '/api/webhooks/razorpay', payload: failed, headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', process.env.RAZORPAY_WEBHOOK_SECRET!).update(failed).digest('hex') } });
    expect(await activations(user)).toBe(1);
    const report = await paymentStatus(user);
    expect(report.transactions).toHaveLength(1);
    expect(report.transactions[0].status).toBe('captured');
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    const ends = (await studyStatus(h, user)).subscriptionEndsAt!;
    expect((Date.parse(ends) - Date.now()) / 86_400_000).toBeLessThan(366);
  });

  it('a webhook with a tampered body or no signature is refused', async () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: {} });
    const sig = createHmac('sha256', process.env.RAZORPAY_WEBHOOK_SECRET!).update(body).digest('hex');
    const tampered = await h.billing.inject({ method: 'POST', url: '/api/webhooks/razorpay', payload: body.replace('captured', 'failed'), headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig } });
    expect(tampered.statusCode).toBe(400);
    expect((await h.billing.inject({ method: 'POST', url: '/api/webhooks/razorpay', payload: body, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
  });

  it('the webhook may come before the browser confirmation: the confirmation then finds the plan active', async () => {
    const user = newId();
    const order = (await post(user, '/api/razorpay/create-order', { currency: 'INR' })).json();
    const back = await clickThrough(order.checkoutUrl, 'pay'); // the stand-in delivers the webhook before redirecting
    expect(await activations(user)).toBe(1);
    const fields = Object.fromEntries(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'].map((k) => [k, back.searchParams.get(k)!]));
    const result = (await post(user, '/api/process-razorpay-payment', fields)).json();
    expect(result).toMatchObject({ success: true, subscription: { status: 'active' } });
    expect(await activations(user)).toBe(1);
  });
});

describe('two replicas', () => {
  it('the browser confirming on both replicas at once while the webhook replays gives one period and one activation event', async () => {
    const second = await createService(createBillingService({ config: { reconcileIntervalMs: 60_000, demoGrant: false } }), { dbName: h.billingDb, verifier: h.keys.verifier, logger: false, instanceTag: h.tag });
    try {
      const user = newId();
      const order = (await post(user, '/api/razorpay/create-order', { currency: 'INR' })).json();
      const back = await clickThrough(order.checkoutUrl, 'pay');
      const razorpayData = Object.fromEntries(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'].map((k) => [k, back.searchParams.get(k)!]));
      const headers = await h.as(user);
      const confirmations = await Promise.all([h.billing, second, h.billing, second].map((replica) =>
        replica.inject({ method: 'POST', url: '/api/process-subscription-payment', headers, payload: { paymentMethod: 'razorpay', razorpayData } })));
      const results = confirmations.map((r) => r.json());
      expect(results.every((r) => r.success && r.subscription.id === results[0].subscription.id && r.subscription.endsAt === results[0].subscription.endsAt)).toBe(true);
      expect(await activations(user)).toBe(1);
      await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    } finally {
      await second.close();
    }
  });
});

describe('PayPal', () => {
  it('setup gives the client id and a client token', async () => {
    expect((await h.billing.inject({ method: 'GET', url: '/api/paypal/setup', headers: await h.as(newId()) })).json()).toMatchObject({ clientId: expect.any(String), clientToken: expect.any(String) });
  });

  it('a learner approves on the checkout page, the capture activates one year; the webhook after it changes nothing', async () => {
    const user = newId();
    const order = (await post(user, '/api/paypal/order', { amount: '5.00', currency: 'USD', intent: 'CAPTURE' })).json();
    expect(order).toMatchObject({ id: expect.any(String), approveUrl: expect.any(String) });
    const back = await clickThrough(order.approveUrl, 'pay');
    expect(back.searchParams.get('token')).toBe(order.id);
    const capture = (await post(user, `/api/paypal/order/${order.id}/capture`)).json();
    expect(capture).toMatchObject({ success: true, status: 'captured', subscription: { status: 'active', provider: 'paypal' } });
    const again = (await post(user, '/api/process-subscription-payment', { paymentMethod: 'paypal', orderID: order.id })).json();
    expect(again).toEqual(capture);
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    expect(await activations(user)).toBe(1);
    expect((await paymentStatus(user)).transactions[0]).toMatchObject({ status: 'captured', currency: 'USD', amount: '5.00', method: 'paypal' });
  });

  it('a declined payment fails with nothing activated; a cancelled one stays pending', async () => {
    const user = newId();
    const order = (await post(user, '/api/paypal/order', { amount: '5.00', currency: 'EUR', intent: 'CAPTURE' })).json();
    await clickThrough(order.approveUrl, 'fail');
    const res = (await post(user, `/api/paypal/order/${order.id}/capture`)).json();
    expect(res).toMatchObject({ success: false, status: 'failed', subscription: null });
    const cancelled = (await post(user, '/api/paypal/order', { amount: '5.00', currency: 'EUR', intent: 'CAPTURE' })).json();
    const back = await clickThrough(cancelled.approveUrl, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('1');
    expect((await post(user, `/api/paypal/order/${cancelled.id}/capture`)).statusCode).toBe(409);
    expect(await paymentStatus(user)).toMatchObject({ failed: 1, notCompleted: 1, pending: 0, successful: 0 });
  });

  it('a webhook PayPal cannot vouch for is refused', async () => {
    const res = await h.billing.inject({
      method: 'POST', url: '/api/webhooks/paypal', payload: JSON.stringify({ id: 'WH-FAKE', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }),
      headers: { 'content-type': 'application/json', 'paypal-transmission-id': randomUUID(), 'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl', 'paypal-transmission-time': new Date().toISOString() },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the buyer\'s region, from what the gateway reports', () => {
  it('Razorpay: a USD payment with a card issued in India is refused and refunded in full, with nothing activated; a foreign card pays USD', async () => {
    const user = newId();
    const order = (await post(user, '/api/razorpay/create-order', { currency: 'USD', amount: 500 })).json();
    const back = await clickThrough(order.checkoutUrl, 'pay', { country: 'IN' });
    const fields = Object.fromEntries(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'].map((k) => [k, back.searchParams.get(k)!]));
    const res = await post(user, '/api/process-subscription-payment', { paymentMethod: 'razorpay', razorpayData: fields });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'REGION_MISMATCH', message: expect.stringMatching(/^Payments from India are in INR: choose the India region/) });
    expect(await activations(user)).toBe(0);
    expect(await h.billing.db.collection('refunds').countDocuments({ _id: `region:${order.id}` as never })).toBe(1);
    expect((await paymentStatus(user)).transactions[0]).toMatchObject({ status: 'refunded', currency: 'USD' });
    // Money given back is not a successful payment.
    expect(await paymentStatus(user)).toMatchObject({ successful: 0, refunded: 1 });
    // Retried: still refused, refunded once.
    expect((await post(user, '/api/process-subscription-payment', { paymentMethod: 'razorpay', razorpayData: fields })).statusCode).toBe(409);
    expect(await h.billing.db.collection('refunds').countDocuments({ _id: `region:${order.id}` as never })).toBe(1);

    const abroad = newId();
    const foreign = (await post(abroad, '/api/razorpay/create-order', { currency: 'USD', amount: 500 })).json();
    const paid = await clickThrough(foreign.checkoutUrl, 'pay', { country: 'US' });
    const ok = Object.fromEntries(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'].map((k) => [k, paid.searchParams.get(k)!]));
    expect((await post(abroad, '/api/process-subscription-payment', { paymentMethod: 'razorpay', razorpayData: ok })).json()).toMatchObject({ success: true, status: 'captured' });
  });

  it('PayPal: an approved USD order from a payer in India is not captured, and nothing is activated', async () => {
    const user = newId();
    const order = (await post(user, '/api/paypal/order', { amount: '5.00', currency: 'USD', intent: 'CAPTURE' })).json();
    await clickThrough(order.approveUrl, 'pay', { country: 'IN' });
    const res = await post(user, `/api/paypal/order/${order.id}/capture`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'REGION_MISMATCH' });
    expect(await activations(user)).toBe(0);
    expect(await paymentStatus(user)).toMatchObject({ successful: 0 });
  });

  it('PayPal: a payer in India pays the India price in INR and gets the year', async () => {
    const user = newId();
    const quote = (await post(user, '/api/create-subscription-payment', { region: 'india' })).json();
    expect(quote).toMatchObject({ amount: '500.00', currency: 'INR', providers: ['razorpay', 'paypal'] });
    const order = (await post(user, '/api/paypal/order', { amount: quote.amount, currency: quote.currency, intent: 'CAPTURE' })).json();
    await clickThrough(order.approveUrl, 'pay', { country: 'IN' });
    const capture = (await post(user, `/api/paypal/order/${order.id}/capture`)).json();
    expect(capture).toMatchObject({ success: true, status: 'captured', subscription: { status: 'active', provider: 'paypal' } });
    expect((await paymentStatus(user)).transactions[0]).toMatchObject({ status: 'captured', currency: 'INR', amount: '500.00', method: 'paypal' });
  });
});

