// A local stand-in for the PayPal REST API subset svc-billing calls through `@paypal/paypal-server-sdk`
// (OAuth token, orders, capture, refund, client token, verify-webhook-signature). Webhooks carry PayPal's
// transmission headers; the stand-in signs each transmission (HMAC-SHA256 over `id|time|webhook id|sha256(event)`
// with a secret only it knows), so only its own verify-webhook-signature call can vouch for one, as with
// PayPal. GET /checkoutnow is the page a person clicks through (Pay, Fail, Cancel) in place of PayPal's approval.
import { Buffer } from 'node:buffer';
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { basicAuth, checkoutPage, deliver, parseBody, randomId, readBody, redirect, send, serve, webhookTargets } from './common.mjs';

export const PAYPAL_STAND_IN_KEYS = { clientId: 'local-paypal-client-id', clientSecret: 'local-paypal-client-secret', webhookId: 'LOCALWEBHOOK1' };

/** The payer's country the approval page starts with: INR is paid between Indian PayPal accounts, EUR from Europe. */
const payerCountryFor = (currency) => ({ INR: 'IN', EUR: 'DE' })[currency] ?? 'US';

const issue = (res, status, name, issueName, description) =>
  send(res, status, { name, message: description, debug_id: randomId('', 13).toLowerCase(), details: [{ issue: issueName, description }] });

export async function startPayPalStandIn({ port, clientId = PAYPAL_STAND_IN_KEYS.clientId, clientSecret = PAYPAL_STAND_IN_KEYS.clientSecret, webhookId = PAYPAL_STAND_IN_KEYS.webhookId, webhookUrls = [] }) {
  const orders = new Map();
  const captures = new Map();
  const tokens = new Set();
  const targets = webhookTargets(webhookUrls);
  const signingSecret = randomUUID();
  const base = `http://127.0.0.1:${port}`;
  const transmissionSig = (id, time, hookId, event) =>
    createHmac('sha256', signingSecret).update(`${id}|${time}|${hookId}|${createHash('sha256').update(JSON.stringify(event)).digest('hex')}`).digest('base64');

  const webhook = (eventType, resource, summary) => {
    const event = { id: `WH-${randomId('', 17).toUpperCase()}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: 'capture', event_type: eventType, summary, resource };
    return deliver(targets, JSON.stringify(event), () => {
      const id = randomUUID();
      const time = new Date().toISOString();
      return {
        'paypal-transmission-id': id, 'paypal-transmission-time': time, 'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-local`, 'paypal-transmission-sig': transmissionSig(id, time, webhookId, event),
      };
    });
  };

  const view = (order) => ({
    id: order.id, intent: order.intent, status: order.status, create_time: order.create_time, update_time: order.update_time,
    purchase_units: order.purchase_units.map((u) => ({ ...u, ...(order.capture ? { payments: { captures: [order.capture] } } : {}) })),
    ...(order.status === 'APPROVED' || order.status === 'COMPLETED' ? { payer: { payer_id: order.payerId, email_address: 'learner@example.com', name: { given_name: 'Local', surname: 'Learner' }, address: { country_code: order.payerCountry } } } : {}),
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED' ? [
        { href: `${base}/checkoutnow?token=${order.id}`, rel: order.status === 'CREATED' ? 'approve' : 'payer-action', method: 'GET' },
      ] : []),
      ...(order.status === 'APPROVED' ? [{ href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }] : []),
    ],
  });

  return serve(port, async (req, res) => {
    const url = new URL(req.url, base);
    const raw = await readBody(req);
    const body = parseBody(raw, req.headers['content-type']);
    const path = url.pathname;

    if (path === '/__stand-in/webhooks') return targets.handle(req, res, body);
    if (path === '/healthz') return send(res, 200, { ok: true });

    // ---- the approval page (in place of paypal.com/checkoutnow) ----
    if (path === '/checkoutnow') {
      const order = orders.get((req.method === 'GET' ? url.searchParams.get('token') : body.token) ?? '');
      if (!order) return send(res, 404, '<!doctype html><title>Not found</title><p>Unknown order.</p>');
      const unit = order.purchase_units[0];
      if (req.method === 'GET') {
        return send(res, 200, checkoutPage({
          title: 'PayPal (local stand-in)', amount: unit.amount.value, currency: unit.amount.currency_code, description: unit.description ?? 'Order',
          action: '/checkoutnow', hidden: { token: order.id }, country: payerCountryFor(unit.amount.currency_code),
        }));
      }
      if (body.outcome === 'cancel' || !order.returnUrl) {
        const back = new URL(order.cancelUrl ?? `${base}/done`);
        back.searchParams.set('token', order.id);
        return redirect(res, back.toString());
      }
      order.payerId = randomId('', 13).toUpperCase();
      order.payerCountry = body.country || payerCountryFor(unit.amount.currency_code);
      order.declined = body.outcome !== 'pay';
      order.status = 'APPROVED';
      order.update_time = new Date().toISOString();
      const back = new URL(order.returnUrl);
      back.searchParams.set('token', order.id);
      back.searchParams.set('PayerID', order.payerId);
      return redirect(res, back.toString());
    }

    if (path === '/v1/oauth2/token' && req.method === 'POST') {
      const auth = basicAuth(req);
      if (!auth || auth.user !== clientId || auth.password !== clientSecret) return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = `A21AA${randomId('', 40)}`;
      tokens.add(token);
      return send(res, 200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-LOCAL', expires_in: 32400, nonce: randomUUID() });
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });

    if (path === '/v1/identity/generate-token' && req.method === 'POST') return send(res, 200, { client_token: `local-client-token-${randomId('', 24)}`, expires_in: 3600 });

    if (path === '/v1/notifications/verify-webhook-signature' && req.method === 'POST') {
      const expected = body.transmission_id && body.transmission_time && body.webhook_event
        ? Buffer.from(transmissionSig(body.transmission_id, body.transmission_time, body.webhook_id, body.webhook_event)) : Buffer.alloc(0);
      const given = Buffer.from(String(body.transmission_sig ?? ''));
      const ok = expected.length > 0 && expected.length === given.length && timingSafeEqual(expected, given) && body.webhook_id === webhookId;
      return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    if (path === '/v2/checkout/orders' && req.method === 'POST') {
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value || !unit?.amount?.currency_code) return issue(res, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'intent and purchase_units[0].amount are required.');
      const context = body.payment_source?.paypal?.experience_context ?? body.application_context ?? {};
      const order = {
        id: randomId('', 17).toUpperCase(), intent: 'CAPTURE', status: body.payment_source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        purchase_units: body.purchase_units.map((u, i) => ({ reference_id: u.reference_id ?? (i === 0 ? 'default' : String(i)), amount: u.amount, description: u.description, custom_id: u.custom_id })),
        returnUrl: context.return_url, cancelUrl: context.cancel_url, create_time: new Date().toISOString(), update_time: new Date().toISOString(),
      };
      orders.set(order.id, order);
      return send(res, 200, view(order));
    }
    let m = path.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/);
    if (m) {
      const order = orders.get(m[1]);
      if (!order) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (!m[2] && req.method === 'GET') return send(res, 200, view(order));
      if (m[2] && req.method === 'POST') {
        if (order.status === 'COMPLETED') return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        if (order.status !== 'APPROVED') return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
        if (order.declined) return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank.');
        const unit = order.purchase_units[0];
        order.capture = {
          id: randomId('', 17).toUpperCase(), status: 'COMPLETED', amount: unit.amount, final_capture: true, custom_id: unit.custom_id,
          supplementary_data: { related_ids: { order_id: order.id } }, create_time: new Date().toISOString(), update_time: new Date().toISOString(),
        };
        captures.set(order.capture.id, { capture: order.capture, order });
        order.status = 'COMPLETED';
        await webhook('PAYMENT.CAPTURE.COMPLETED', order.capture, `Payment completed for ${unit.amount.currency_code} ${unit.amount.value}`);
        return send(res, 201, view(order));
      }
    }
    m = path.match(/^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/);
    if (m) {
      const found = captures.get(m[1]);
      if (!found) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (!m[2] && req.method === 'GET') return send(res, 200, found.capture);
      if (m[2] && req.method === 'POST') {
        if (found.capture.status === 'REFUNDED') return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
        found.capture.status = 'REFUNDED';
        const refund = { id: randomId('', 17).toUpperCase(), status: 'COMPLETED', amount: found.capture.amount, create_time: new Date().toISOString() };
        await webhook('PAYMENT.CAPTURE.REFUNDED', { ...refund, supplementary_data: { related_ids: { order_id: found.order.id, capture_id: found.capture.id } } }, 'A payment was refunded');
        return send(res, 201, refund);
      }
    }
    return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'The requested resource was not found.');
  }, 'paypal-stand-in');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await startPayPalStandIn({
    port: Number(process.env.PORT ?? 4012),
    clientId: process.env.PAYPAL_CLIENT_ID || undefined,
    clientSecret: process.env.PAYPAL_CLIENT_SECRET || undefined,
    webhookId: process.env.PAYPAL_WEBHOOK_ID || undefined,
    webhookUrls: (process.env.STAND_IN_WEBHOOK_URLS ?? '').split(',').filter(Boolean),
  });
}
