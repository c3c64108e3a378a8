// What the routes, webhooks, the reconciler and the refund consumer share, built once per service instance: the
// settings, the clock, the repositories, the payment gateways and the ledger built on them. Wiring only.
import { Leases, type ServiceApp } from '@lp/service-kit';
import { readBillingConfig, type BillingConfig } from './config';
import { createPayPalGateway } from './gateways/paypal';
import { createRazorpayGateway } from './gateways/razorpay';
import { returnMoneyThrough } from './gateways/return-money';
import { createLedger } from './ledger';
import { AccountsRepository } from './repositories/accounts';
import { OrdersRepository } from './repositories/orders';
import { RefundsRepository } from './repositories/refunds';
import { SubscriptionsRepository } from './repositories/subscriptions';
import { WebhookEventsRepository } from './repositories/webhook-events';

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
  // One set of leases for the service: claims of several keys at once go out as one insert (the kit's batching).
  const leases = new Leases(app.db);
  const repositories = {
    orders: new OrdersRepository(app.db),
    subscriptions: new SubscriptionsRepository(app.db),
    accounts: new AccountsRepository(app.db, leases),
    refunds: new RefundsRepository(app.db, leases),
  };
  const razorpay = createRazorpayGateway(config.razorpay);
  const paypal = createPayPalGateway(config.paypal);
  const ledger = createLedger(app, repositories, now, returnMoneyThrough(razorpay, paypal));
  return { app, config, now, leases, ...repositories, webhookEvents: new WebhookEventsRepository(app.db), ledger, razorpay, paypal };
}
