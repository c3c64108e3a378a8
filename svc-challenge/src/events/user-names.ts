// Names of users for challenge cards, and their untimed-mode setting (issue 33 §3), ("You have been challenged by …"), kept from identity.user.upserted: the
// names are identity's, read here from its events (no service reads another's database); the latest name wins.
import { userDisplayName } from '@lp/contracts';
import { onEvent, type Consumers } from '@lp/service-kit';
import type { ChallengeContext } from '../context';

export function userNameConsumers(ctx: ChallengeContext): Consumers {
  return [onEvent('identity.user.upserted', 'challenge-user-names', async ({ data: u }) => {
    await ctx.userNames.remember(u.userId, userDisplayName(u), u.email, u.untimed);
  })];
}
