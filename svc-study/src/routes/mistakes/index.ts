// Mistakes: questions a learner last got wrong. Recorded by POST /api/answers; cleared by a right answer in
// mistake review, by starting a full chapter quiz, or by DELETE /api/mistakes/chapter/:chapterId.
// All read from the learner's one document.
import { ClearChapterMistakes, GetChapterMistakes, GetMistakesByChapter, GetMistakeTotal, GetSubjectMistakes } from '@lp/contracts';
import { addRoute, forbidden } from '@lp/service-kit';
import type { FastifyRequest } from 'fastify';
import type { StudyContext } from '../../context';
import { mistakeIds } from '../../domain/mistakes';
import { NOT_ENTITLED, clearChapterMistakes } from '../sessions';

export async function mistakeRoutes(ctx: StudyContext) {
  const { app } = ctx;

  /** Mistake review (the questions themselves) is part of the subscription; counts are the learner's own data. */
  async function requireSubscription(request: FastifyRequest) {
    if (!(await ctx.entitlements.subscribed(request.user!.sub, request.user!.role))) {
      throw forbidden('Mistake review is part of the subscription. Subscribe to unlock it.', NOT_ENTITLED);
    }
  }

  addRoute(app, GetChapterMistakes, async (request) => {
    await requireSubscription(request);
    const { mistakes } = await ctx.learners.get(request.user!.sub);
    return ctx.answerKeys.questions(mistakeIds(mistakes, (m) => m.chapterId === request.params.chapterId));
  });

  addRoute(app, GetSubjectMistakes, async (request) => {
    await requireSubscription(request);
    const { mistakes } = await ctx.learners.get(request.user!.sub);
    return ctx.answerKeys.questions(mistakeIds(mistakes, (m) => m.subjectId === request.params.subjectId));
  });

  addRoute(app, GetMistakesByChapter, async (request) => {
    const { mistakes } = await ctx.learners.get(request.user!.sub);
    const counts: Record<string, number> = {};
    for (const m of Object.values(mistakes)) if (m.subjectId === request.query.subjectId) counts[m.chapterId] = (counts[m.chapterId] ?? 0) + 1;
    return counts;
  });

  addRoute(app, GetMistakeTotal, async (request) => ({ totalMistakes: Object.keys((await ctx.learners.get(request.user!.sub)).mistakes).length }));

  addRoute(app, ClearChapterMistakes, async (request) => {
    await clearChapterMistakes(ctx, request.user!.sub, request.params.chapterId);
    return { ok: true as const };
  });
}
