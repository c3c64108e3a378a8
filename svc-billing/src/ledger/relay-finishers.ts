// The relay's finishers: an event recorded before its change is relayed only after the change is finished, so a
// process that died in between leaves nothing half done.
import type { EventEnvelope, ServiceApp } from '@lp/service-kit';
import type { SubscriptionEnded } from '@lp/contracts';
import type { ActivationRecord, Subscriptions } from './subscriptions';

export function finishBeforeRelay(app: ServiceApp, subscriptions: Subscriptions) {
  app.bus.beforeRelay('billing.subscription.activated', async (event: EventEnvelope<never>) => {
    const data = (event as EventEnvelope<ActivationRecord>).data;
    if (data.provider === 'seed') await subscriptions.recordGranted(data); // a granted plan (seed/demo-grant.ts)
    else await subscriptions.finishActivation(data);
  });
  app.bus.beforeRelay('billing.subscription.ended', async (event: EventEnvelope<never>) => {
    await subscriptions.finishEnd((event as EventEnvelope<SubscriptionEnded>).data);
  });
}
