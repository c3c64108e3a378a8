// Each payment status a learner would see on the payment status page is pushed to their `push.user.<id>` subject
// (src/events/payment-push.ts): here an order opened, then failed at the checkout page.
import { PaymentPush, pushSubject } from '@lp/contracts';
import { eventually } from '@lp/service-kit/testing';
import { Value } from '@sinclair/typebox/value';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickThrough, newId, startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); }, 60_000);
afterAll(async () => { await h?.close(); });

describe('payment push', () => {
  it("sends the order's statuses to the learner's tabs as they change", async () => {
    const user = newId();
    const nc = await connect({ servers: process.env.NATS_URL! });
    const seen: unknown[] = [];
    const sub = nc.subscribe(pushSubject(user));
    void (async () => { for await (const m of sub) seen.push(m.json()); })();
    try {
      const order = (await h.billing.inject({ method: 'POST', url: '/api/razorpay/create-order', headers: await h.as(user), payload: { currency: 'INR' } })).json();
      await clickThrough(order.checkoutUrl, 'fail');
      await eventually(async () => seen.some((m) => (m as PaymentPush).status === 'failed'));
      for (const m of seen) expect(Value.Check(PaymentPush, m)).toBe(true);
      expect(seen.map((m) => (m as PaymentPush).status)).toEqual(['created', 'failed']);
      expect(seen[0]).toMatchObject({ type: 'payment', provider: 'razorpay', currency: 'INR', amount: expect.stringMatching(/^\d+\.\d{2}$/) });
    } finally {
      await nc.close();
    }
  });
});
