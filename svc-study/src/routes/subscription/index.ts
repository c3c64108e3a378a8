// GET /api/subscription/status: what the learner may take, from study's own entitlement view.
import { GetSubscriptionStatus } from '@lp/contracts';
import { addRoute } from '@lp/service-kit';
import type { StudyContext } from '../../context';

export async function subscriptionRoutes(ctx: StudyContext) {
  addRoute(ctx.app, GetSubscriptionStatus, async (request) => {
    const e = await ctx.entitlements.of(request.user!.sub, request.user!.role);
    return {
      canTakeQuiz: e.canTakeQuiz,
      trialQuizzesRemaining: e.trialQuizzesRemaining,
      quizzesCompleted: e.quizzesCompleted,
      subscriptionStatus: e.subscriptionStatus,
      subscriptionEndsAt: e.subscriptionEndsAt ? e.subscriptionEndsAt.toISOString() : null,
    };
  });
}
