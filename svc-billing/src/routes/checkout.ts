// Prices and checkout with either gateway (spec §7 "Subscription and payment"). The server decides every price;
// a client's amount or currency that disagrees gets 409 PRICE_MISMATCH. Confirmations are idempotent: the
// browser's, the webhook's and the reconciler's all end in ledger.settle, which activates once per order.
import {
  CapturePayPalOrder, CreatePayPalOrder, CreateRazorpayOrder, CreateSubscriptionPayment, GetPayPalSetup, ProcessRazorpayPayment,
  ProcessSubscriptionPayment, VerifyRazorpayPayment, type Currency, type PaymentResult,
} from '@lp/contracts';
import { addRoute, AppError } from '@lp/service-kit';
import type { BillingContext } from '../context';
import { billingRegionProblem, REGION_MISMATCH } from '../domain/billing-region';
import { fromMoney, PLAN_DESCRIPTION, PRICE_LIST, priceFor, toMoney } from '../domain/prices';
import { GatewayError, type GatewaySettlement } from '../gateways/types';
import { checkoutSignatureValid } from '../domain/signatures';
import type { OrderDoc } from '../models';

export const VERIFICATION_FAILED = 'Payment Verification Failed, Please contact support if money was deducted';

export async function checkoutRoutes(ctx: BillingContext) {
  const { app, ledger, orders, subscriptions, razorpay, paypal, config } = ctx;

  /** The caller's own order, or 404 (someone else's order is as unknown as a made-up one). */
  async function orderOf(userId: string, orderId: string, provider: OrderDoc['provider']): Promise<OrderDoc> {
    const order = await orders.byId(orderId);
    if (!order || order.userId !== userId || order.provider !== provider) {
      throw new AppError(404, 'This payment order was not found on your account. Start the payment again from the subscription page.', 'ORDER_NOT_FOUND');
    }
    return order;
  }

  /** A gateway failure becomes a 502 the page can show under 'Payment Error'. */
  async function viaGateway<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof GatewayError) {
        app.log.warn({ err: err.message }, 'payment gateway call failed');
        throw new AppError(502, `${err.message} Please try again in a moment.`, 'GATEWAY_ERROR');
      }
      throw err;
    }
  }

  const back = (provider: string) => `${config.publicUrl}/subscription?provider=${provider}`;

  const priced = (provider: 'razorpay' | 'paypal', currency: Parameters<typeof priceFor>[1], amountMinor?: number | null) => {
    if (amountMinor === null) throw new AppError(400, 'amount must be a decimal with two places, e.g. 5.00', 'BAD_AMOUNT');
    const check = priceFor(provider, currency, amountMinor);
    if (!check.ok) throw new AppError(409, check.message, 'PRICE_MISMATCH');
    return check.price;
  };
  const unconfigured = (label: string) => new AppError(503, `${label} is not configured on this server. Choose another payment option.`, 'GATEWAY_UNCONFIGURED');

  addRoute(app, CreateSubscriptionPayment, async (request) => {
    const price = PRICE_LIST[request.body.region];
    return {
      amount: toMoney(price.amountMinor), currency: price.currency, intent: 'CAPTURE' as const, description: PLAN_DESCRIPTION,
      plan: 'premium_yearly' as const, providers: [...price.providers],
    };
  });

  // ---- Razorpay ----
  addRoute(app, CreateRazorpayOrder, async (request) => {
    if (!razorpay.configured) throw unconfigured('Razorpay');
    const userId = request.user!.sub;
    const price = priced('razorpay', request.body.currency, request.body.amount);
    const created = await viaGateway(() => razorpay.createOrder(price.amountMinor, price.currency, `premium_yearly ${userId}`, { userId, plan: 'premium_yearly' }));
    await ledger.openOrder({ _id: created.orderId, provider: 'razorpay', userId, region: price.region, amountMinor: price.amountMinor, currency: price.currency, createdAt: ctx.now() });
    const checkoutUrl = razorpay.checkoutUrl(created.orderId, back('razorpay'));
    return { id: created.orderId, amount: price.amountMinor, currency: price.currency, keyId: razorpay.keyId, ...(checkoutUrl ? { checkoutUrl } : {}) };
  });

  addRoute(app, VerifyRazorpayPayment, async (request) => ({
    success: checkoutSignatureValid(request.body.razorpay_order_id, request.body.razorpay_payment_id, request.body.razorpay_signature, razorpay.keySecret),
  }));

  /** Confirms a Razorpay payment: the signature (when given) and the payment as Razorpay reports it. */
  async function confirmRazorpay(userId: string, orderId: string, paymentId: string, signature: string | undefined, signatureRequired: boolean): Promise<PaymentResult> {
    if ((signatureRequired || signature !== undefined) && !checkoutSignatureValid(orderId, paymentId, signature, razorpay.keySecret)) {
      throw new AppError(400, VERIFICATION_FAILED, 'VERIFICATION_FAILED');
    }
    const order = await orderOf(userId, orderId, 'razorpay');
    const payment = await viaGateway(() => razorpay.payment(paymentId));
    if (payment.orderId !== order._id) throw new AppError(400, VERIFICATION_FAILED, 'VERIFICATION_FAILED');
    return refusedForRegion(order, payment, await ledger.settle(order, payment));
  }

  addRoute(app, ProcessRazorpayPayment, async (request) =>
    confirmRazorpay(request.user!.sub, request.body.razorpay_order_id, request.body.razorpay_payment_id, request.body.razorpay_signature, false));

  // ---- PayPal ----
  addRoute(app, GetPayPalSetup, async () => {
    if (!paypal.configured) throw unconfigured('PayPal');
    return { clientId: paypal.clientId, clientToken: await viaGateway(() => paypal.clientToken()) };
  });

  addRoute(app, CreatePayPalOrder, async (request) => {
    if (!paypal.configured) throw unconfigured('PayPal');
    const userId = request.user!.sub;
    const price = priced('paypal', request.body.currency, fromMoney(request.body.amount));
    const created = await viaGateway(() => paypal.createOrder(price.amountMinor, price.currency, 'Learn Platform premium, 1 year', userId, back('paypal'), `${back('paypal')}&cancelled=1`));
    await ledger.openOrder({ _id: created.orderId, provider: 'paypal', userId, region: price.region, amountMinor: price.amountMinor, currency: price.currency, createdAt: ctx.now() });
    return { id: created.orderId, status: created.status, ...(created.approveUrl ? { approveUrl: created.approveUrl } : {}) };
  });

  /** Captures (or reads back) an approved PayPal order and settles it. */
  async function confirmPayPal(userId: string, orderId: string): Promise<PaymentResult> {
    const order = await orderOf(userId, orderId, 'paypal');
    const known = await subscriptions.activation(order._id);
    if (known) return ledger.result(order, known);
    const settlement = await viaGateway(() => paypal.settlement(order._id, { amountMinor: order.amountMinor, currency: order.currency }));
    if (settlement.state === 'pending') {
      throw new AppError(409, 'PayPal has not approved this payment yet. Finish the approval on PayPal, then try again.', 'NOT_APPROVED');
    }
    return refusedForRegion(order, settlement, await ledger.settle(order, settlement));
  }

  /** A payment from India in another region's currency was not taken (or was given back): 409 saying why. */
  function refusedForRegion(order: { currency: Currency }, settlement: GatewaySettlement, result: PaymentResult): PaymentResult {
    const problem = result.success ? null : billingRegionProblem(order.currency, settlement.billingCountry);
    if (problem) throw new AppError(409, problem, REGION_MISMATCH);
    return result;
  }

  addRoute(app, CapturePayPalOrder, async (request) => confirmPayPal(request.user!.sub, request.params.id));

  addRoute(app, ProcessSubscriptionPayment, async (request) => {
    const body = request.body;
    if (body.paymentMethod === 'razorpay') {
      const d = body.razorpayData;
      return confirmRazorpay(request.user!.sub, d.razorpay_order_id, d.razorpay_payment_id, d.razorpay_signature, true);
    }
    return confirmPayPal(request.user!.sub, body.orderID);
  });
}
