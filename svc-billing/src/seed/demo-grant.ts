// The demo subscriber's year of premium, where the local demo sign-in runs (svc-identity's demo accounts): granted
// once per database at start, recorded in the ledger like any granted plan (ledger.recordGranted) and announced with
// billing.subscription.activated (provider 'seed') for svc-study. Record → ledger → flush: a start that dies in
// between leaves the event to the relay, whose finisher records the grant first.
import { DEMO_SUBSCRIBER, type SubscriptionActivated } from '@lp/contracts';
import { eventId } from '@lp/service-kit';
import type { BillingContext } from '../context';

export async function grantDemoSubscription({ app, ledger, now }: BillingContext) {
  const { userId, subscriptionId } = DEMO_SUBSCRIBER;
  if (await ledger.isGranted(subscriptionId)) return; // a restart grants nothing new
  const startsAt = now();
  const endsAt = new Date(startsAt);
  endsAt.setUTCFullYear(endsAt.getUTCFullYear() + 1);
  const envelope = await app.bus.record<SubscriptionActivated>('billing.subscription.activated', {
    userId, subscriptionId, plan: 'premium_yearly', provider: 'seed', currency: 'INR', amount: '0.00',
    startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(),
  }, { id: eventId('billing.subscription.activated', `lp-seed:${app.db.name}:${subscriptionId}`) });
  await ledger.recordGranted(envelope.data);
  await app.bus.flush(envelope);
}
