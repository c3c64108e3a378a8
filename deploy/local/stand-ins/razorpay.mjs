// A local stand-in for the Razorpay REST API subset svc-billing calls through the official `razorpay` SDK
// (orders, payments, refunds), with Razorpay's real signature schemes: the Checkout signature is
// HMAC-SHA256(`order_id|payment_id`, key secret) and a webhook carries X-Razorpay-Signature =
// HMAC-SHA256(raw body, webhook secret). GET /checkout is the page a person clicks through (Pay, Fail, Cancel)
// in place of Razorpay Checkout. Run: node deploy/local/stand-ins/razorpay.mjs (env below).
import { createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { basicAuth, checkoutPage, deliver, parseBody, randomId, readBody, redirect, send, serve, webhookTargets } from './common.mjs';

export const RAZORPAY_STAND_IN_KEYS = { keyId: 'rzp_test_localstandin', keySecret: 'local_razorpay_key_secret', webhookSecret: 'local_razorpay_webhook_secret' };

const major = (minor) => (minor / 100).toFixed(2);
const error = (res, status, description, code = 'BAD_REQUEST_ERROR') => send(res, status, { error: { code, description, source: 'business', reason: 'input_validation_failed' } });

export async function startRazorpayStandIn({ port, keyId = RAZORPAY_STAND_IN_KEYS.keyId, keySecret = RAZORPAY_STAND_IN_KEYS.keySecret, webhookSecret = RAZORPAY_STAND_IN_KEYS.webhookSecret, webhookUrls = [] }) {
  const orders = new Map();
  const payments = new Map();
  const targets = webhookTargets(webhookUrls);
  const now = () => Math.floor(Date.now() / 1000);

  const webhook = (event, entities) => deliver(targets, JSON.stringify({
    entity: 'event', account_id: 'acc_localstandin', event, contains: Object.keys(entities),
    payload: Object.fromEntries(Object.entries(entities).map(([k, v]) => [k, { entity: v }])), created_at: now(),
  }), (body) => ({ 'x-razorpay-signature': createHmac('sha256', webhookSecret).update(body).digest('hex'), 'x-razorpay-event-id': randomId('evt_') }));

  // `international` is Razorpay's own field: false for an instrument issued in India.
  function pay(order, outcome, country = 'IN') {
    const payment = {
      id: randomId('pay_'), entity: 'payment', amount: order.amount, currency: order.currency, status: outcome === 'pay' ? 'captured' : 'failed',
      order_id: order.id, method: 'card', international: country !== 'IN', captured: outcome === 'pay', amount_refunded: 0, refund_status: null, description: order.receipt,
      email: 'learner@example.com', contact: '+919000000000', notes: order.notes, created_at: now(),
      ...(outcome === 'pay' ? {} : { error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment failed', error_reason: 'payment_failed' }),
    };
    payments.set(payment.id, payment);
    order.attempts += 1;
    if (outcome === 'pay') { order.status = 'paid'; order.amount_paid = order.amount; order.amount_due = 0; } else order.status = 'attempted';
    return payment;
  }

  return serve(port, async (req, res) => {
    const url = new URL(req.url, `http://127.0.0.1:${port}`);
    const raw = await readBody(req);
    const body = parseBody(raw, req.headers['content-type']);
    const path = url.pathname;

    if (path === '/__stand-in/webhooks') return targets.handle(req, res, body);
    if (path === '/healthz') return send(res, 200, { ok: true });

    // ---- the checkout page (in place of checkout.razorpay.com) ----
    if (path === '/checkout' && req.method === 'GET') {
      const order = orders.get(url.searchParams.get('order_id') ?? '');
      if (!order) return send(res, 404, '<!doctype html><title>Not found</title><p>Unknown order.</p>');
      return send(res, 200, checkoutPage({
        title: 'Razorpay (local stand-in)', amount: major(order.amount), currency: order.currency, description: order.receipt ?? 'Order',
        action: '/checkout', hidden: { order_id: order.id, callback_url: url.searchParams.get('callback_url') ?? '' },
        country: order.currency === 'INR' ? 'IN' : 'US',
      }));
    }
    if (path === '/checkout' && req.method === 'POST') {
      const order = orders.get(body.order_id ?? '');
      if (!order) return send(res, 404, '<!doctype html><title>Not found</title><p>Unknown order.</p>');
      const back = new URL(body.callback_url || `http://127.0.0.1:${port}/done`);
      if (body.outcome === 'cancel') {
        back.searchParams.set('razorpay_order_id', order.id);
        back.searchParams.set('cancelled', '1');
        return redirect(res, back.toString());
      }
      const payment = pay(order, body.outcome === 'pay' ? 'pay' : 'fail', body.country || (order.currency === 'INR' ? 'IN' : 'US'));
      if (payment.status === 'captured') {
        await webhook('payment.captured', { payment });
        await webhook('order.paid', { payment, order });
        back.searchParams.set('razorpay_payment_id', payment.id);
        back.searchParams.set('razorpay_order_id', order.id);
        back.searchParams.set('razorpay_signature', createHmac('sha256', keySecret).update(`${order.id}|${payment.id}`).digest('hex'));
      } else {
        await webhook('payment.failed', { payment });
        back.searchParams.set('razorpay_order_id', order.id);
        back.searchParams.set('razorpay_payment_id', payment.id);
        back.searchParams.set('error', 'payment_failed');
      }
      return redirect(res, back.toString());
    }

    // ---- the REST API: basic auth with the key id and secret ----
    const auth = basicAuth(req);
    if (!auth || auth.user !== keyId || auth.password !== keySecret) return error(res, 401, 'Authentication failed', 'BAD_REQUEST_ERROR');

    if (path === '/v1/orders' && req.method === 'POST') {
      if (!Number.isInteger(body.amount) || body.amount < 100) return error(res, 400, 'The amount must be atleast INR 1.00');
      if (!['INR', 'USD', 'EUR'].includes(body.currency)) return error(res, 400, 'The currency is invalid.');
      const order = {
        id: randomId('order_'), entity: 'order', amount: body.amount, amount_paid: 0, amount_due: body.amount, currency: body.currency,
        receipt: body.receipt ?? null, offer_id: null, status: 'created', attempts: 0, notes: body.notes ?? [], created_at: now(),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    let m = path.match(/^\/v1\/orders\/([^/]+)(\/payments)?$/);
    if (m && req.method === 'GET') {
      const order = orders.get(m[1]);
      if (!order) return error(res, 400, 'The id provided does not exist');
      if (!m[2]) return send(res, 200, order);
      const items = [...payments.values()].filter((p) => p.order_id === order.id);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    m = path.match(/^\/v1\/payments\/([^/]+)(\/refund)?$/);
    if (m) {
      const payment = payments.get(m[1]);
      if (!payment) return error(res, 400, 'The id provided does not exist');
      if (!m[2] && req.method === 'GET') return send(res, 200, payment);
      if (m[2] && req.method === 'POST') {
        if (payment.status !== 'captured') return error(res, 400, 'The payment has been fully refunded already');
        const amount = Number.isInteger(body.amount) ? body.amount : payment.amount - payment.amount_refunded;
        const refund = { id: randomId('rfnd_'), entity: 'refund', amount, currency: payment.currency, payment_id: payment.id, notes: body.notes ?? [], status: 'processed', speed_processed: 'normal', created_at: now() };
        payment.amount_refunded += amount;
        payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
        if (payment.refund_status === 'full') payment.status = 'refunded';
        await webhook('refund.processed', { refund, payment });
        return send(res, 200, refund);
      }
    }
    return error(res, 404, 'The requested URL was not found on the server.', 'NOT_FOUND');
  }, 'razorpay-stand-in');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await startRazorpayStandIn({
    port: Number(process.env.PORT ?? 4011),
    keyId: process.env.RAZORPAY_KEY_ID || undefined,
    keySecret: process.env.RAZORPAY_KEY_SECRET || undefined,
    webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET || undefined,
    webhookUrls: (process.env.STAND_IN_WEBHOOK_URLS ?? '').split(',').filter(Boolean),
  });
}
