// The embedded default's demo accounts: upserted at every start (fixed ids, so it is idempotent) and announced with
// identity.user.upserted. The demo subscriber's one-year subscription comes from billing.subscription.activated,
// published once per database with a deterministic event id, so a restart publishes nothing new and a retry is
// deduplicated by NATS and by every consumer.
import type { EventData } from '@lp/contracts';
import { eventId, type EventBus } from '@lp/service-kit';
import type { Connection } from 'mongoose';
import { DEMO_ACCOUNTS } from '../domain/demo-accounts';
import { seedRunModel } from '../models/seed-run';
import type { UsersRepository } from '../repositories/users';
import { upsertAndAnnounce } from './user-upserted';

export const seedSubscriptionEventId = (dbName: string, subscriptionId: string) => eventId('billing.subscription.activated', `lp-seed:${dbName}:${subscriptionId}`);

export async function seedDemoAccounts({ db, bus, users, clock }: { db: Connection; bus: EventBus; users: UsersRepository; clock: () => Date }) {
  const runs = seedRunModel(db);
  for (const account of DEMO_ACCOUNTS) {
    const user = await upsertAndAnnounce(bus, users, {
      provider: 'local',
      subject: account.subject,
      id: account.userId,
      role: account.role,
      profile: { email: account.email, firstName: account.firstName, lastName: account.lastName, profileImageUrl: null },
    });

    if (!account.subscriptionId) continue;
    const step = `subscription:${account.subscriptionId}`;
    if (await runs.exists({ _id: step })) continue;
    const startsAt = clock();
    const endsAt = new Date(startsAt);
    endsAt.setUTCFullYear(endsAt.getUTCFullYear() + 1);
    const data: EventData<'billing.subscription.activated'> = {
      userId: user._id.toHexString(),
      subscriptionId: account.subscriptionId,
      plan: 'premium_yearly',
      provider: 'seed',
      currency: 'INR',
      amount: '0.00',
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    };
    // Record → mark the step → flush: a crash in between leaves the event to the relay (the same id, sent once).
    const envelope = await bus.record('billing.subscription.activated', data, { id: seedSubscriptionEventId(db.name, account.subscriptionId) });
    await runs.updateOne({ _id: step }, { $setOnInsert: { doneAt: startsAt } }, { upsert: true });
    await bus.flush(envelope);
  }
}
