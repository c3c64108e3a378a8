import type { ServiceDefinition } from '@lp/service-kit';

export const billingService: ServiceDefinition = {
  name: 'billing',
  description: 'Prices, orders, payments, subscriptions and payment webhooks.',
  app: async () => {},
};
