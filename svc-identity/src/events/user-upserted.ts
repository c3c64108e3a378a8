// identity.user.upserted: the user's public profile and role, after every sign-in and seed. Recorded in the outbox
// before the user is stored and sent after (record → change → flush): a process that dies in between leaves the
// event to the relay, and the user's next sign-in stores the same id (UsersRepository.idFor).
import type { EventData } from '@lp/contracts';
import { failPoint, type EventBus } from '@lp/service-kit';
import type { UserDoc } from '../models/user';
import type { SignInIdentity, UsersRepository } from '../repositories/users';

/** Stores the user behind a sign-in identity and announces it. */
export async function upsertAndAnnounce(bus: Pick<EventBus, 'record' | 'flush'>, users: UsersRepository, identity: SignInIdentity): Promise<UserDoc> {
  const id = await users.idFor(identity);
  const { profile } = identity;
  const data: EventData<'identity.user.upserted'> = {
    userId: id, email: profile.email, firstName: profile.firstName, lastName: profile.lastName,
    role: identity.role, profileImageUrl: profile.profileImageUrl ?? null,
  };
  const envelope = await bus.record('identity.user.upserted', data);
  failPoint('identity-user-recorded');
  const user = await users.upsert({ ...identity, id });
  await bus.flush(envelope);
  return user;
}

/**
 * Turns untimed mode on or off and announces it (svc-challenge keeps it for tie-breaks), record → change → flush like
 * a sign-in. Null when the user does not exist.
 */
export async function setUntimedAndAnnounce(bus: Pick<EventBus, 'record' | 'flush'>, users: UsersRepository, userId: string, untimed: boolean): Promise<UserDoc | null> {
  const user = await users.byId(userId);
  if (!user) return null;
  const envelope = await bus.record('identity.user.upserted', {
    userId, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role,
    profileImageUrl: user.profileImageUrl ?? null, untimed,
  });
  const updated = await users.setUntimed(userId, untimed);
  await bus.flush(envelope);
  return updated;
}
