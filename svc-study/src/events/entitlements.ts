// study's view of each learner's subscription, fed by billing's events through durable, idempotent
// consumers (the kit acks only after the handler succeeded and remembers handled event ids), and the
// learner's role from identity. It answers study.rpc.entitlement for other services.
import { events, rpc, type RpcRequest, type RpcResponse, type SubscriptionActivated, type SubscriptionEnded, type UserUpserted } from '@lp/contracts';
import type { EventEnvelope, ServiceDefinition } from '@lp/service-kit';
import { Value } from '@sinclair/typebox/value';
import type { StudyContext } from '../context';
import { upsertOne } from '../models/model';

type Consumers = ReturnType<NonNullable<ServiceDefinition['consumers']>>;

export function entitlementConsumers(ctx: StudyContext): Consumers {
  const { models, app } = ctx;
  /** An event whose data breaks its contract is logged and dropped: redelivering it cannot fix it. */
  const valid = <T>(type: keyof typeof events, envelope: EventEnvelope<T>) => {
    if (Value.Check(events[type], envelope.data)) return true;
    app.log.error({ event: type, id: envelope.id }, 'event data does not match its contract; skipped');
    return false;
  };
  return [
    {
      name: 'entitlements-activated',
      event: 'billing.subscription.activated',
      handle: async (envelope: EventEnvelope<SubscriptionActivated>) => {
        if (!valid('billing.subscription.activated', envelope)) return;
        const d = envelope.data;
        const item = { subscriptionId: d.subscriptionId, startsAt: new Date(d.startsAt), endsAt: new Date(d.endsAt) };
        await upsertOne(models.subscriptionActivations, { _id: d.userId }, { $addToSet: { items: item } });
      },
    },
    {
      name: 'entitlements-ended',
      event: 'billing.subscription.ended',
      handle: async (envelope: EventEnvelope<SubscriptionEnded>) => {
        if (!valid('billing.subscription.ended', envelope)) return;
        const d = envelope.data;
        const item = { subscriptionId: d.subscriptionId, endedAt: new Date(d.endedAt), reason: d.reason };
        await upsertOne(models.subscriptionEnds, { _id: d.userId }, { $addToSet: { items: item } });
      },
    },
    {
      name: 'learner-roles',
      event: 'identity.user.upserted',
      handle: async (envelope: EventEnvelope<UserUpserted>) => {
        if (!valid('identity.user.upserted', envelope)) return;
        const { userId, role } = envelope.data;
        await ctx.learnerLock.run(userId, () => ctx.learners.update(userId, { $set: { role } }));
      },
    },
  ];
}

/** study.rpc.entitlement {userId}: what svc-content (and others) may serve this learner. */
export function answerEntitlementRequests(ctx: StudyContext) {
  ctx.app.bus.reply<RpcRequest<'study.rpc.entitlement'>, RpcResponse<'study.rpc.entitlement'>>('study.rpc.entitlement', async (body) => {
    if (!Value.Check(rpc['study.rpc.entitlement'].request, body)) throw new Error('BAD_REQUEST: userId must be a 24-hex ObjectId');
    const e = await ctx.entitlements.of(body.userId);
    return { subscriptionStatus: e.subscriptionStatus, canTakeQuiz: e.canTakeQuiz, trialQuizzesRemaining: e.trialQuizzesRemaining };
  });
}
