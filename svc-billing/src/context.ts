// What the routes, webhooks, the reconciler and the refund consumer share, built once per service instance.
import { AppError, type ServiceApp } from '@lp/service-kit';
import { readBillingConfig, type BillingConfig } from './config';
import { createPayPalGateway } from './gateways/paypal';
import { createRazorpayGateway } from './gateways/razorpay';
import { GatewayError } from './gateways/types';
import { createLedger } from './ledger';
import { billingModels, type OrderDoc } from './models';

export interface BillingOptions {
  /** The clock (tests move it past the refund window). */
  now?: () => Date;
  /** Overrides of the environment's settings (tests: reconciliation timing). */
  config?: Partial<BillingConfig>;
}

export type BillingContext = ReturnType<typeof createContext>;

export function createContext(app: ServiceApp, options: BillingOptions) {
  const config = { ...readBillingConfig(), ...options.config };
  const now = options.now ?? (() => new Date());
  const models = billingModels(app.db);
  const razorpay = createRazorpayGateway(config.razorpay);
  const paypal = createPayPalGateway(config.paypal);
  const ledger = createLedger(app, models, now, (order, paymentId) => (order.provider === 'razorpay'
    ? razorpay.refund(paymentId, order.amountMinor, `region ${order._id}`)
    : paypal.refund(paymentId, order.amountMinor, order.currency, `region ${order._id}`)));

  /** The caller's own order, or 404 (someone else's order is as unknown as a made-up one). */
  async function orderOf(userId: string, orderId: string, provider: OrderDoc['provider']): Promise<OrderDoc> {
    const order = await models.orders.findById(orderId).lean();
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

  return { app, config, now, models, ledger, razorpay, paypal, orderOf, viaGateway };
}
