// GET /api/questions/review: the learner's questions due for spaced review (FSRS), most overdue first.
import { GetReviewQueue } from '@lp/contracts';
import { addRoute, forbidden } from '@lp/service-kit';
import type { StudyContext } from '../../context';
import { questionOf } from '../../content/answer-keys';
import { NOT_ENTITLED } from '../sessions';

export async function reviewRoutes(ctx: StudyContext) {
  const { app, now } = ctx;

  addRoute(app, GetReviewQueue, async (request) => {
    const user = request.user!;
    if (!(await ctx.entitlements.subscribed(user.sub, user.role))) {
      throw forbidden('Spaced review is part of the subscription. Subscribe to unlock it.', NOT_ENTITLED);
    }
    const { cards } = await ctx.learners.get(user.sub);
    const at = now().getTime();
    const due = Object.entries(cards)
      .map(([questionId, card]) => ({ questionId, due: new Date(card.due) }))
      .filter((c) => c.due.getTime() <= at)
      .sort((a, b) => a.due.getTime() - b.due.getTime())
      .slice(0, request.query.limit ?? 20);
    if (due.length === 0) return [];
    const keys = await ctx.answerKeys.getMany(due.map((c) => c.questionId));
    return due.flatMap((card) => {
      const key = keys.get(card.questionId);
      return key ? [{ ...questionOf(key), dueAt: card.due.toISOString() }] : [];
    });
  });
}
