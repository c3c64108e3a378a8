// Mistakes: questions a learner last got wrong. Recorded by POST /api/answers; cleared by a right answer in
// mistake review, by starting a full chapter quiz, or by DELETE /api/mistakes/chapter/:chapterId.
import { ClearChapterMistakes, GetChapterMistakes, GetMistakesByChapter, GetMistakeTotal, GetSubjectMistakes } from '@lp/contracts';
import { addRoute, forbidden } from '@lp/service-kit';
import type { FastifyRequest } from 'fastify';
import type { StudyContext } from '../../context';
import { NOT_ENTITLED } from '../sessions';

const MAX_MISTAKE_QUESTIONS = 200;

export async function mistakeRoutes(ctx: StudyContext) {
  const { app, models } = ctx;

  /** Mistake review (the questions themselves) is part of the subscription; counts are the learner's own data. */
  async function requireSubscription(request: FastifyRequest) {
    const entitlement = await ctx.entitlements.of(request.user!.sub, request.user!.role);
    if (!entitlement.subscribed) throw forbidden('Mistake review is part of the subscription. Subscribe to unlock it.', NOT_ENTITLED);
  }

  addRoute(app, GetChapterMistakes, async (request) => {
    await requireSubscription(request);
    const mistakes = await models.mistakes.find({ userId: request.user!.sub, chapterId: request.params.chapterId })
      .sort({ lastWrongAt: -1 }).limit(MAX_MISTAKE_QUESTIONS).lean();
    return ctx.answerKeys.questions(mistakes.map((m) => m.questionId));
  });

  addRoute(app, GetSubjectMistakes, async (request) => {
    await requireSubscription(request);
    const mistakes = await models.mistakes.find({ userId: request.user!.sub, subjectId: request.params.subjectId })
      .sort({ lastWrongAt: -1 }).limit(MAX_MISTAKE_QUESTIONS).lean();
    return ctx.answerKeys.questions(mistakes.map((m) => m.questionId));
  });

  addRoute(app, GetMistakesByChapter, async (request) => {
    const rows = await models.mistakes.aggregate<{ _id: string; count: number }>([
      { $match: { userId: request.user!.sub, subjectId: request.query.subjectId } },
      { $group: { _id: '$chapterId', count: { $sum: 1 } } },
    ]);
    return Object.fromEntries(rows.map((r) => [r._id, r.count]));
  });

  addRoute(app, GetMistakeTotal, async (request) => ({ totalMistakes: await models.mistakes.countDocuments({ userId: request.user!.sub }) }));

  addRoute(app, ClearChapterMistakes, async (request) => {
    await models.mistakes.deleteMany({ userId: request.user!.sub, chapterId: request.params.chapterId });
    return { ok: true as const };
  });
}
