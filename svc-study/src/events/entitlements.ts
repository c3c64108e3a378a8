// study's view of each learner's subscription, fed by billing's events through durable, idempotent
// consumers (the kit acks only after the handler succeeded and remembers handled event ids), and the
// learner's role from identity. It answers study.rpc.entitlement for other services.
import { onEvent, type Consumers } from '@lp/service-kit';
import type { StudyContext } from '../context';

export function entitlementConsumers(ctx: StudyContext): Consumers {
  // Each adds the item to the learner's list once (repositories/subscriptions.ts), whatever the redeliveries.
  return [
    onEvent('billing.subscription.activated', 'entitlements-activated', async ({ data: d }) => {
      await ctx.subscriptions.addActivation(d.userId, { subscriptionId: d.subscriptionId, startsAt: new Date(d.startsAt), endsAt: new Date(d.endsAt) });
    }),
    onEvent('billing.subscription.ended', 'entitlements-ended', async ({ data: d }) => {
      await ctx.subscriptions.addEnd(d.userId, { subscriptionId: d.subscriptionId, endedAt: new Date(d.endedAt), reason: d.reason });
    }),
    onEvent('identity.user.upserted', 'learner-roles', async ({ data: { userId, role } }) => {
      await ctx.learners.change(userId, (learner) => ({ change: learner.role === role ? null : { role } }));
    }),
  ];
}

/**
 * study.rpc.entitlement {userId, topicId?, chapterId?}: what svc-content (and others) may serve this learner. A
 * learner past the trial may still reopen the list of a topic or chapter quiz they have open (a paused trial).
 */
export function answerEntitlementRequests(ctx: StudyContext) {
  // The kit answers a request out of contract (e.g. a userId that is no ObjectId) with BAD_REQUEST.
  ctx.app.bus.reply('study.rpc.entitlement', async (body) => {
    const e = await ctx.entitlements.of(body.userId);
    const canTakeQuiz = e.canTakeQuiz || ((body.topicId !== undefined || body.chapterId !== undefined) && await ctx.entitlements.hasOpenSession(body.userId, body));
    return { subscriptionStatus: e.subscriptionStatus, canTakeQuiz, trialQuizzesRemaining: e.trialQuizzesRemaining };
  });
}
