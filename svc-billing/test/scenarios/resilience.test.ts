// What a parent must never see: money taken and no plan. A lost webhook, svc-study down, NATS restarted.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { createService, type ServiceApp } from '@lp/service-kit';
import { createTestKeys, eventually, uniqueDbName, uniqueInstanceTag } from '@lp/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createStudyService } from '../../../svc-study/src/app';
import { createBillingService } from '../../src/app';
import { clickThrough, newId, startHarness, studyStatus, type Harness } from '../support/harness';

const harnesses: Harness[] = [];
afterAll(async () => { for (const h of harnesses) await h.close(); });

const post = async (h: Harness, userId: string, url: string, payload?: object) => h.billing.inject({ method: 'POST', url, headers: await h.as(userId), ...(payload ? { payload } : {}) });
const activations = (app: ServiceApp, userId: string) => app.db.collection('activations').countDocuments({ 'value.userId': userId });

describe('a lost webhook and a closed browser', () => {
  it('the reconciler settles a paid Razorpay order and an approved PayPal order nobody confirmed', async () => {
    const h = await startHarness({ webhooks: false, options: { config: { reconcileIntervalMs: 300, reconcileAfterMs: 0 } } });
    harnesses.push(h);
    const user = newId();
    const rzp = (await post(h, user, '/api/razorpay/create-order', { currency: 'INR' })).json();
    await clickThrough(rzp.checkoutUrl, 'pay'); // paid; no webhook reaches us and the browser never comes back
    const pp = (await post(h, user, '/api/paypal/order', { amount: '5.00', currency: 'USD', intent: 'CAPTURE' })).json();
    await clickThrough(pp.approveUrl, 'pay'); // approved; never captured by the browser
    await eventually(async () => (await activations(h.billing, user)) === 2, { timeoutMs: 15_000 });
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');
    const report = (await h.billing.inject({ method: 'GET', url: '/api/payment-status', headers: await h.as(user) })).json();
    expect(report).toMatchObject({ successful: 2, pending: 0 });
    // the second year starts when the first ends
    const subs = (await h.billing.db.collection('accounts').findOne({ _id: user as never }))!.subscriptions as Array<{ startsAt: Date; endsAt: Date }>;
    expect(subs.map((s) => s.startsAt.getTime()).sort()[1]).toBe(subs.map((s) => s.endsAt.getTime()).sort()[0]);
  });
});

describe('the end of the year', () => {
  it('a period whose year is over is ended once (billing.subscription.ended, expired)', async () => {
    const clock = { now: new Date() };
    const h = await startHarness({ options: { now: () => clock.now, config: { reconcileIntervalMs: 300, reconcileAfterMs: 60_000 } } });
    harnesses.push(h);
    const user = newId();
    const order = (await post(h, user, '/api/paypal/order', { amount: '5.00', currency: 'USD', intent: 'CAPTURE' })).json();
    await clickThrough(order.approveUrl, 'pay');
    const bought = (await post(h, user, `/api/paypal/order/${order.id}/capture`)).json();
    await new Promise((r) => setTimeout(r, 1000));
    expect(await h.billing.db.collection('subscription_ends').countDocuments()).toBe(0); // not before its time
    clock.now = new Date(Date.parse(bought.subscription.endsAt) + 1000);
    const end = await eventually(async () => h.billing.db.collection('subscription_ends').findOne({ _id: bought.subscription.id }), { timeoutMs: 10_000 });
    expect(end!.value).toMatchObject({ userId: user, reason: 'expired' });
    expect(await h.billing.db.collection('live_subscriptions').countDocuments()).toBe(0);
  });
});

describe('svc-study down during the payment', () => {
  it('the subscription is active once svc-study is back', async () => {
    const h = await startHarness();
    harnesses.push(h);
    const user = newId();
    await h.stopStudy();
    const order = (await post(h, user, '/api/razorpay/create-order', { currency: 'INR' })).json();
    const back = await clickThrough(order.checkoutUrl, 'pay');
    const razorpayData = Object.fromEntries(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'].map((k) => [k, back.searchParams.get(k)!]));
    expect((await post(h, user, '/api/process-subscription-payment', { paymentMethod: 'razorpay', razorpayData })).json()).toMatchObject({ success: true });
    await h.startStudy();
    await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active', { timeoutMs: 15_000 });
  });
});

describe('NATS restarted during the payment', () => {
  const freePort = () => new Promise<number>((resolve) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => resolve(p)); }); });

  it('nothing is lost: the event waits in the outbox and reaches svc-study after NATS is back', async () => {
    // @ts-expect-error plain ESM module of the local tooling
    const tools = await import('../../../deploy/local/tools.mjs');
    // @ts-expect-error plain ESM module of the local tooling
    const processes = await import('../../../deploy/local/processes.mjs');
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'billing-nats-'));
    const startNats = async () => {
      const handle = processes.startProcess('nats-billing-test', tools.ensureNatsServer(), ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { logFile: join(dir, 'nats.log') });
      await processes.waitForPort(handle, port);
      return handle;
    };
    let nats = await startNats();
    const natsUrl = `nats://127.0.0.1:${port}`;
    const keys = await createTestKeys();
    const tag = uniqueInstanceTag();
    const billing = await createService(createBillingService({ config: { reconcileIntervalMs: 60_000, demoGrant: false } }), {
      dbName: uniqueDbName('billing'), verifier: keys.verifier, logger: false, instanceTag: tag, config: { natsUrl }, relay: { intervalMs: 300, graceMs: 500 },
    });
    const study = await createService(createStudyService(), { dbName: uniqueDbName('study'), verifier: keys.verifier, logger: false, instanceTag: tag, config: { natsUrl } });
    try {
      const user = newId();
      const headers = { cookie: `lp_session=${await keys.session(user)}` };
      const order = (await billing.inject({ method: 'POST', url: '/api/paypal/order', headers, payload: { amount: '5.00', currency: 'EUR', intent: 'CAPTURE' } })).json();
      await clickThrough(order.approveUrl, 'pay');
      nats.child.kill('SIGTERM');
      await nats.exited;
      const result = (await billing.inject({ method: 'POST', url: `/api/paypal/order/${order.id}/capture`, headers })).json();
      expect(result).toMatchObject({ success: true, subscription: { status: 'active' } });
      expect(await billing.db.collection('outbox').countDocuments()).toBeGreaterThan(0);
      nats = await startNats();
      await eventually(async () => {
        const s = (await study.inject({ method: 'GET', url: '/api/subscription/status', headers })).json();
        return s.subscriptionStatus === 'active';
      }, { timeoutMs: 30_000, intervalMs: 300 });
      expect(await activations(billing, user)).toBe(1);
    } finally {
      await study.close();
      await billing.close();
      nats.child.kill('SIGTERM');
      await nats.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
