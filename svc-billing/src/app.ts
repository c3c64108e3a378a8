// svc-billing: prices, orders, payments through Razorpay and PayPal, subscriptions, webhooks, reconciliation and
// refunds. `createBillingService(options)` takes a clock and settings (tests); `billingService` is production's.
import { contextPerApp, type ServiceDefinition } from '@lp/service-kit';
import { createContext, type BillingOptions } from './context';
import { startReconciler } from './reconcile';
import { grantDemoSubscription } from './seed/demo-grant';
import { checkoutRoutes } from './routes/checkout';
import { paymentStatusRoutes } from './routes/payment-status';
import { refundRoutes } from './routes/refunds';
import { webhookRoutes } from './routes/webhooks';

export type { BillingOptions } from './context';

export function createBillingService(options: BillingOptions = {}): ServiceDefinition {
  const contextOf = contextPerApp((app) => createContext(app, options));
  return {
    name: 'billing',
    description: 'Prices, orders, payments (Razorpay, PayPal), subscriptions, payment webhooks, reconciliation and refunds.',
    app: async (app) => {
      const ctx = contextOf(app);
      if (ctx.config.demoGrant) await grantDemoSubscription(ctx);
      await checkoutRoutes(ctx);
      await paymentStatusRoutes(ctx);
      await refundRoutes(ctx);
      await webhookRoutes(ctx);
      startReconciler(ctx);
    },
  };
}

export const billingService = createBillingService();
