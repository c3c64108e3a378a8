// GET /api/questions/review: the learner's questions due for spaced review (FSRS), most overdue first.
import { GetReviewQueue } from '@lp/contracts';
import { addRoute, forbidden } from '@lp/service-kit';
import type { StudyContext } from '../../context';
import { questionOf } from '../../content/answer-keys';
import { NOT_ENTITLED } from '../sessions';

export async function reviewRoutes(ctx: StudyContext) {
  const { app, models, now } = ctx;

  addRoute(app, GetReviewQueue, async (request) => {
    const user = request.user!;
    const entitlement = await ctx.entitlements.of(user.sub, user.role);
    if (!entitlement.subscribed) throw forbidden('Spaced review is part of the subscription. Subscribe to unlock it.', NOT_ENTITLED);
    const cards = await models.reviewCards.find({ userId: user.sub, due: { $lte: now() } }).sort({ due: 1 }).limit(request.query.limit ?? 20).lean();
    if (cards.length === 0) return [];
    const keys = await ctx.answerKeys.getMany(cards.map((c) => c.questionId));
    return cards.flatMap((card) => {
      const key = keys.get(card.questionId);
      return key ? [{ ...questionOf(key), dueAt: card.due.toISOString() }] : [];
    });
  });
}
