// GET /api/questions/review: the learner's questions due for spaced review (FSRS), most overdue first, at most today's
// share of a backlog (domain/exam-schedule.ts).
import { GetReviewQueue } from '@lp/contracts';
import { addRoute, forbidden } from '@lp/service-kit';
import type { StudyContext } from '../../context';
import { questionOf } from '../../content/answer-keys';
import { todaysReviews } from '../../domain/exam-schedule';
import { NOT_ENTITLED } from '../sessions';

export async function reviewRoutes(ctx: StudyContext) {
  const { app, now } = ctx;

  addRoute(app, GetReviewQueue, async (request) => {
    const user = request.user!;
    if (!(await ctx.entitlements.subscribed(user.sub, user.role))) {
      throw forbidden('Spaced review is part of the subscription. Subscribe to unlock it.', NOT_ENTITLED);
    }
    const { cards, examDays } = await ctx.learners.get(user.sub);
    const due = todaysReviews(cards, examDays, now(), request.query.limit ?? 20);
    if (due.length === 0) return [];
    const keys = await ctx.answerKeys.getMany(due.map((c) => c.questionId));
    return due.flatMap((card) => {
      const key = keys.get(card.questionId);
      return key ? [{ ...questionOf(key), dueAt: card.due.toISOString() }] : [];
    });
  });
}
