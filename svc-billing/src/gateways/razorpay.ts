// Razorpay through the official SDK. Its API host is hard-coded; the local stand-in is reached through the
// SDK's own axios instance (`api.rq.defaults.baseURL`), see ../../README.md.
import Razorpay from 'razorpay';
import type { Currency } from '@lp/contracts';
import type { BillingConfig } from '../config';
import { GatewayError, type GatewaySettlement } from './types';

interface RazorpayPayment { id: string; order_id: string; status: string; amount: number | string; currency: string; international?: boolean }

export type RazorpayGateway = ReturnType<typeof createRazorpayGateway>;

export function createRazorpayGateway(config: BillingConfig['razorpay']) {
  const client = new Razorpay({ key_id: config.keyId || 'rzp_unconfigured', key_secret: config.keySecret });
  if (config.apiUrl) (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = config.apiUrl;

  /** The SDK throws `{statusCode, error}` for API errors and a TypeError for network ones. */
  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      const description = (err as { error?: { description?: string } })?.error?.description;
      throw new GatewayError(description ? `Razorpay could not ${what}: ${description}` : `Razorpay could not be reached to ${what}.`, err);
    }
  };

  const settlementOf = (p: RazorpayPayment): GatewaySettlement => ({
    state: p.status === 'captured' ? 'captured' : p.status === 'refunded' ? 'refunded' : p.status === 'failed' ? 'failed' : 'pending',
    paymentId: p.id, amountMinor: Number(p.amount), currency: p.currency as Currency, billingCountry: razorpayBillingCountry(p),
  });

  return {
    configured: Boolean(config.keyId && config.keySecret),
    keyId: config.keyId,
    keySecret: config.keySecret,
    webhookSecret: config.webhookSecret,
    /** The stand-in serves a checkout page; with real keys the browser uses Razorpay Checkout. */
    checkoutUrl: (orderId: string, callbackUrl: string) => config.apiUrl
      ? `${config.apiUrl}/checkout?order_id=${encodeURIComponent(orderId)}&callback_url=${encodeURIComponent(callbackUrl)}` : undefined,
    async createOrder(amountMinor: number, currency: Currency, receipt: string, notes: Record<string, string>) {
      const order = await call('create the order', () => client.orders.create({ amount: amountMinor, currency, receipt, notes }));
      return { orderId: order.id, amountMinor: Number(order.amount), currency: order.currency as Currency };
    },
    async payment(paymentId: string): Promise<GatewaySettlement & { orderId: string }> {
      const p = await call('look up the payment', () => client.payments.fetch(paymentId)) as unknown as RazorpayPayment;
      return { ...settlementOf(p), orderId: p.order_id };
    },
    /** The order's best payment: a captured (or refunded) one if any, else a failed one, else pending. */
    async settlement(orderId: string, amountMinor: number, currency: Currency): Promise<GatewaySettlement> {
      const { items } = await call('look up the order', () => client.orders.fetchPayments(orderId)) as unknown as { items: RazorpayPayment[] };
      const all = items.map(settlementOf);
      return all.find((s) => s.state === 'refunded') ?? all.find((s) => s.state === 'captured') ?? all.find((s) => s.state === 'failed')
        ?? { state: 'pending', paymentId: null, amountMinor, currency };
    },
    async refund(paymentId: string, amountMinor: number, reference: string) {
      const refund = await call('refund the payment', () => client.payments.refund(paymentId, { amount: amountMinor, notes: { reference } }));
      return { refundId: refund.id };
    },
  };
}

/** Razorpay reports whether the instrument is foreign (`international`); a domestic one was issued in India. */
export const razorpayBillingCountry = (p: { international?: boolean }): string | null => (p.international === false ? 'IN' : null);
