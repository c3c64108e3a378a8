// Names of users for challenge cards ("You have been challenged by …"), kept from identity.user.upserted: the
// names are identity's, read here from its events (no service reads another's database). A replace by _id, so a
// redelivered or repeated event changes nothing, and the latest name wins.
import { userDisplayName, type UserUpserted } from '@lp/contracts';
import type { Consumers, EventEnvelope } from '@lp/service-kit';
import type { ChallengeContext } from '../context';

export function userNameConsumers(ctx: ChallengeContext): Consumers {
  return [{
    name: 'challenge-user-names',
    event: 'identity.user.upserted',
    handle: async (envelope: EventEnvelope<UserUpserted>) => {
      const u = envelope.data;
      await ctx.models.users.replaceOne({ _id: u.userId }, { name: userDisplayName(u), email: u.email }, { upsert: true });
    },
  }];
}
