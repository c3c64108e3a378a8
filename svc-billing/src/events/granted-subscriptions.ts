// Subscriptions granted without a payment: identity's demo seed announces the demo subscriber's year with
// billing.subscription.activated, provider 'seed'. Billing records it in its ledger (ledger.recordGranted) so a
// cancellation or refund request from that account is answered about the plan it has. Billing's own activations
// (bought plans) are already in the ledger and are skipped here.
import { events, type SubscriptionActivated } from '@lp/contracts';
import type { EventEnvelope, ServiceDefinition } from '@lp/service-kit';
import { Value } from '@sinclair/typebox/value';
import type { BillingContext } from '../context';

type Consumers = ReturnType<NonNullable<ServiceDefinition['consumers']>>;

export function grantedSubscriptionConsumers({ app, ledger }: BillingContext): Consumers {
  return [{
    name: 'granted-subscriptions',
    event: 'billing.subscription.activated',
    handle: async (envelope: EventEnvelope<SubscriptionActivated>) => {
      if (envelope.data?.provider !== 'seed') return;
      if (!Value.Check(events['billing.subscription.activated'], envelope.data)) {
        app.log.error({ id: envelope.id }, 'billing.subscription.activated does not match its contract; skipped');
        return;
      }
      await ledger.recordGranted(envelope.data);
    },
  }];
}
