// Subscriptions granted without a payment: identity's demo seed announces the demo subscriber's year with
// billing.subscription.activated, provider 'seed'. Billing records it in its ledger (ledger.recordGranted) so a
// cancellation or refund request from that account is answered about the plan it has. Billing's own activations
// (bought plans) are already in the ledger and are skipped here.
import type { SubscriptionActivated } from '@lp/contracts';
import type { Consumers, EventEnvelope } from '@lp/service-kit';
import type { BillingContext } from '../context';

export function grantedSubscriptionConsumers({ ledger }: BillingContext): Consumers {
  return [{
    name: 'granted-subscriptions',
    event: 'billing.subscription.activated',
    handle: async (envelope: EventEnvelope<SubscriptionActivated>) => {
      if (envelope.data.provider !== 'seed') return;
      await ledger.recordGranted(envelope.data);
    },
  }];
}
