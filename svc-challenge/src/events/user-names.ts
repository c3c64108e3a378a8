// Names of users for challenge cards ("You have been challenged by …"), kept from identity.user.upserted: the
// names are identity's, read here from its events (no service reads another's database); the latest name wins.
import { userDisplayName, type UserUpserted } from '@lp/contracts';
import type { Consumers, EventEnvelope } from '@lp/service-kit';
import type { ChallengeContext } from '../context';

export function userNameConsumers(ctx: ChallengeContext): Consumers {
  return [{
    name: 'challenge-user-names',
    event: 'identity.user.upserted',
    handle: async (envelope: EventEnvelope<UserUpserted>) => {
      const u = envelope.data;
      await ctx.userNames.remember(u.userId, userDisplayName(u), u.email);
    },
  }];
}
