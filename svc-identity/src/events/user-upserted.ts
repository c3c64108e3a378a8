import type { EventData } from '@lp/contracts';
import type { EventBus } from '@lp/service-kit';
import type { UserDoc } from '../models/user';

/** identity.user.upserted: the user's public profile and role, after every sign-in and seed. */
export async function publishUserUpserted(bus: EventBus, user: UserDoc): Promise<void> {
  const data: EventData<'identity.user.upserted'> = {
    userId: user._id.toHexString(),
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl ?? null,
  };
  await bus.publish('identity.user.upserted', data);
}
