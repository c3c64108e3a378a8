// The embedded default's demo accounts: upserted at every start (fixed ids, so it is idempotent) and announced with
// identity.user.upserted. The demo subscriber's year of premium is svc-billing's to grant (its demo-grant.ts).
import type { EventBus } from '@lp/service-kit';
import { DEMO_ACCOUNTS } from '../domain/demo-accounts';
import type { UsersRepository } from '../repositories/users';
import { upsertAndAnnounce } from './user-upserted';

export async function seedDemoAccounts({ bus, users }: { bus: Pick<EventBus, 'record' | 'flush'>; users: UsersRepository }) {
  for (const account of DEMO_ACCOUNTS) {
    await upsertAndAnnounce(bus, users, {
      provider: 'local',
      subject: account.subject,
      id: account.userId,
      role: account.role,
      profile: { email: account.email, firstName: account.firstName, lastName: account.lastName, profileImageUrl: null },
    });
  }
}
