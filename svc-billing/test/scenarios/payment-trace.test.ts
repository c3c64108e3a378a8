// Issue 29 §1: a payment is one trace, from the checkout to svc-study's subscription change. The webhook comes from
// the gateway without our trace context, so the order keeps its checkout's: settling it (webhook, confirmation or
// reconciliation) runs in that trace, linked to the webhook's own, and the activation event carries it on to
// svc-study's consumer. Real billing and study, the Razorpay stand-in, spans caught by an in-memory exporter.
import { randomBytes } from 'node:crypto';
import { startTelemetry, stopTelemetry } from '@lp/service-kit/telemetry';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';

const exporter = new InMemorySpanExporter();
startTelemetry('payment-trace-test', { exporter });

// Loaded after telemetry has started.
const { eventually } = await import('@lp/service-kit/testing');
const { clickThrough, newId, startHarness, studyStatus } = await import('../support/harness');

let h: Awaited<ReturnType<typeof startHarness>>;
beforeAll(async () => { h = await startHarness(); }, 60_000);
afterAll(async () => {
  await h?.close();
  await stopTelemetry();
});

it('checkout → webhook → activation event → svc-study is one trace; the webhook settles the order in it, linked', async () => {
  const user = newId();
  const traceId = randomBytes(16).toString('hex');
  const created = await h.billing.inject({
    method: 'POST', url: '/api/razorpay/create-order', payload: { currency: 'INR' },
    headers: { ...(await h.as(user)), traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
  });
  expect(created.statusCode).toBe(200);
  await clickThrough(created.json().checkoutUrl, 'pay'); // the stand-in delivers the webhook, in a trace of its own
  await eventually(async () => (await studyStatus(h, user)).subscriptionStatus === 'active');

  const spans = await eventually(async () => {
    const all = exporter.getFinishedSpans();
    const inPayment = all.filter((s) => s.spanContext().traceId === traceId);
    return inPayment.some((s) => s.name === 'consume billing.subscription.activated') ? { all, inPayment } : undefined;
  });
  const names = spans.inPayment.map((s) => s.name);
  expect(names).toEqual(expect.arrayContaining(['request', 'settle order captured', 'publish billing.subscription.activated', 'consume billing.subscription.activated']));

  // The webhook's request is a trace of its own, pointed to by the settling span's link.
  const settle = spans.inPayment.find((s) => s.name === 'settle order captured')!;
  const webhook = spans.all.find((s) => s.name === 'request' && s.attributes['http.route'] === '/api/webhooks/razorpay'
    && settle.links.some((l) => l.context.traceId === s.spanContext().traceId));
  expect(webhook, 'the webhook request span, linked from the settling span').toBeDefined();
  expect(webhook!.spanContext().traceId).not.toBe(traceId);
  const checkout = spans.inPayment.find((s) => s.name === 'request' && s.attributes['http.route'] === '/api/razorpay/create-order');
  expect(checkout?.attributes['http.response.status_code']).toBe(200);
});
