// PayPal through the official @paypal/paypal-server-sdk. Its base URLs are fixed per environment; the local
// stand-in is reached by an axios adapter that moves each request to PAYPAL_API_URL (see ../../README.md).
// The SDK has no call for verify-webhook-signature or client tokens: those two go over fetch with the SDK's
// own OAuth token.
import { ApiError, CheckoutPaymentIntent, Client, Environment, OrdersController, PaymentsController, PaypalExperienceUserAction } from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { Currency } from '@lp/contracts';
import type { BillingConfig } from '../config';
import { fromMoney, toMoney } from '../domain/prices';
import { billingRegionProblem } from '../domain/billing-region';
import { GatewayError, type GatewaySettlement } from './types';

const HOSTS = { sandbox: 'https://api-m.sandbox.paypal.com', production: 'https://api-m.paypal.com' };

interface PayPalOrderView {
  id?: string;
  status?: string;
  purchaseUnits?: Array<{ amount?: { currencyCode: string; value: string }; customId?: string; payments?: { captures?: Array<{ id?: string; status?: string; amount?: { currencyCode: string; value: string } }> } }>;
  /** The payer, once approved: PayPal gives their address country (ISO 3166 alpha-2). */
  payer?: { address?: { countryCode?: string } };
  links?: Array<{ href: string; rel: string }>;
}

export type PayPalGateway = ReturnType<typeof createPayPalGateway>;

export function createPayPalGateway(config: BillingConfig['paypal']) {
  const host = config.apiUrl ?? HOSTS[config.environment];
  const http = axios.getAdapter('http') as AxiosAdapter;
  const toStandIn: AxiosAdapter = (req: InternalAxiosRequestConfig) => {
    if (config.apiUrl && req.url) req.url = req.url.replace(/^https:\/\/api-m\.(sandbox\.)?paypal\.com/, config.apiUrl);
    return http(req);
  };
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: config.clientId || 'unconfigured', oAuthClientSecret: config.clientSecret },
    environment: config.environment === 'production' ? Environment.Production : Environment.Sandbox,
    timeout: 15_000,
    ...(config.apiUrl ? { unstable_httpClientOptions: { adapter: toStandIn } } : {}),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ApiError) {
        const body = err.result as { details?: Array<{ issue?: string; description?: string }>; message?: string } | undefined;
        const issue = body?.details?.[0];
        throw new GatewayError(`PayPal could not ${what}: ${issue?.description ?? body?.message ?? `HTTP ${err.statusCode}`}`, { status: err.statusCode, issue: issue?.issue });
      }
      throw new GatewayError(`PayPal could not be reached to ${what}.`, err);
    }
  };

  async function accessToken(): Promise<string> {
    const token = await call('sign in', () => client.clientCredentialsAuthManager.fetchToken());
    return token.accessToken;
  }
  async function rest<T>(what: string, path: string, body: unknown): Promise<T> {
    const token = await accessToken();
    return call(what, async () => {
      const res = await fetch(`${host}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
      if (!res.ok) throw new GatewayError(`PayPal could not ${what}: HTTP ${res.status}`);
      return await res.json() as T;
    });
  }

  const settlementOf = (order: PayPalOrderView, fallback: { amountMinor: number; currency: Currency }): GatewaySettlement => {
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    const amount = capture?.amount ?? order.purchaseUnits?.[0]?.amount;
    const base = {
      amountMinor: amount ? fromMoney(amount.value) ?? fallback.amountMinor : fallback.amountMinor, currency: (amount?.currencyCode ?? fallback.currency) as Currency,
      billingCountry: order.payer?.address?.countryCode ?? null,
    };
    if (capture?.status === 'REFUNDED' || capture?.status === 'PARTIALLY_REFUNDED') return { ...base, state: 'refunded', paymentId: capture.id ?? null };
    if (capture?.status === 'COMPLETED') return { ...base, state: 'captured', paymentId: capture.id ?? null };
    if (capture?.status === 'DECLINED' || capture?.status === 'FAILED' || order.status === 'VOIDED') return { ...base, state: 'failed', paymentId: capture?.id ?? null };
    return { ...base, state: 'pending', paymentId: null };
  };

  return {
    configured: Boolean(config.clientId && config.clientSecret),
    clientId: config.clientId,
    async createOrder(amountMinor: number, currency: Currency, description: string, customId: string, returnUrl: string, cancelUrl: string) {
      const { result } = await call('create the order', () => orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [{ amount: { currencyCode: currency, value: toMoney(amountMinor) }, description, customId }],
          paymentSource: { paypal: { experienceContext: { returnUrl, cancelUrl, userAction: PaypalExperienceUserAction.PayNow, brandName: 'Learn Platform' } } },
        },
        prefer: 'return=representation',
      }));
      const approveUrl = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      return { orderId: result.id ?? '', status: String(result.status ?? 'CREATED'), approveUrl };
    },
    async order(orderId: string) {
      const { result } = await call('look up the order', () => orders.getOrder({ id: orderId }));
      return result as PayPalOrderView;
    },
    /** Captures an approved order; an order captured before (a retry, the other path) is read back instead. */
    async capture(orderId: string, fallback: { amountMinor: number; currency: Currency }): Promise<GatewaySettlement> {
      try {
        const { result } = await call('capture the payment', () => orders.captureOrder({ id: orderId, prefer: 'return=representation', paypalRequestId: `capture-${orderId}` }));
        return settlementOf(result as PayPalOrderView, fallback);
      } catch (err) {
        const issue = (err as GatewayError).detail as { issue?: string } | undefined;
        if (issue?.issue === 'ORDER_ALREADY_CAPTURED') return settlementOf(await this.order(orderId), fallback);
        if (issue?.issue === 'INSTRUMENT_DECLINED') return { ...fallback, state: 'failed', paymentId: null };
        throw err;
      }
    },
    async settlement(orderId: string, fallback: { amountMinor: number; currency: Currency }): Promise<GatewaySettlement> {
      const order = await this.order(orderId);
      // Approved but never captured (the browser closed on the way back): the payer agreed, so capture it now,
      // unless the payer is in a region whose price this is not (checked before any money is taken).
      if (order.status === 'APPROVED') {
        const billingCountry = order.payer?.address?.countryCode ?? null;
        if (billingRegionProblem(fallback.currency, billingCountry)) return { ...fallback, state: 'failed', paymentId: null, billingCountry };
        return this.capture(orderId, fallback);
      }
      return settlementOf(order, fallback);
    },
    async refund(captureId: string, amountMinor: number, currency: Currency, reference: string) {
      const { result } = await call('refund the payment', () => payments.refundCapturedPayment({
        captureId, paypalRequestId: `refund-${captureId}`, prefer: 'return=representation',
        body: { amount: { currencyCode: currency, value: toMoney(amountMinor) }, noteToPayer: `Refund of your premium plan (${reference})` },
      }));
      return { refundId: result.id ?? '' };
    },
    async clientToken(): Promise<string> {
      const body = await rest<{ client_token: string }>('prepare the checkout', '/v1/identity/generate-token', {});
      return body.client_token;
    },
    /** PayPal's own check of a webhook's transmission headers against the event (verify-webhook-signature). */
    async verifyWebhook(headers: Record<string, string | string[] | undefined>, event: unknown): Promise<boolean> {
      const h = (name: string) => { const v = headers[name]; return Array.isArray(v) ? v[0] : v; };
      if (!h('paypal-transmission-id') || !h('paypal-transmission-sig')) return false;
      const body = await rest<{ verification_status?: string }>('verify the webhook', '/v1/notifications/verify-webhook-signature', {
        auth_algo: h('paypal-auth-algo'), cert_url: h('paypal-cert-url'), transmission_id: h('paypal-transmission-id'),
        transmission_sig: h('paypal-transmission-sig'), transmission_time: h('paypal-transmission-time'), webhook_id: config.webhookId, webhook_event: event,
      });
      return body.verification_status === 'SUCCESS';
    },
  };
}
