// Names of users for challenge cards ("You have been challenged by …"), kept from identity.user.upserted: the
// names are identity's, read here from its events (no service reads another's database). A replace by _id, so a
// redelivered or repeated event changes nothing, and the latest name wins.
import { events, userDisplayName, type UserUpserted } from '@lp/contracts';
import type { EventEnvelope, ServiceDefinition } from '@lp/service-kit';
import { Value } from '@sinclair/typebox/value';
import type { ChallengeContext } from '../context';

type Consumers = ReturnType<NonNullable<ServiceDefinition['consumers']>>;

export function userNameConsumers(ctx: ChallengeContext): Consumers {
  return [{
    name: 'challenge-user-names',
    event: 'identity.user.upserted',
    handle: async (envelope: EventEnvelope<UserUpserted>) => {
      if (!Value.Check(events['identity.user.upserted'], envelope.data)) {
        ctx.app.log.error({ event: 'identity.user.upserted', id: envelope.id }, 'event data does not match its contract; skipped');
        return;
      }
      const u = envelope.data;
      await ctx.models.users.replaceOne({ _id: u.userId }, { name: userDisplayName(u), email: u.email }, { upsert: true });
    },
  }];
}
