// GET /api/recall: recall today per chapter and the forecast for each exam day (issue 32 §2). The cards are kept by
// question id only; which chapter and subject a question is in, and a chapter's questions now, come from svc-content
// through the same cached RPCs the quizzes use (answer keys, quiz question sets): no new state to keep in step.
import { GetRecallForecast } from '@lp/contracts';
import { addRoute } from '@lp/service-kit';
import type { StudyContext } from '../../context';
import { chapterRecall, examDayRecall, type QuestionPlace } from '../../domain/recall';

export async function recallRoutes(ctx: StudyContext) {
  const { app, now } = ctx;

  addRoute(app, GetRecallForecast, async (request) => {
    const { cards, examDays } = await ctx.learners.get(request.user!.sub);
    const keys = await ctx.answerKeys.getMany(Object.keys(cards));
    const places = new Map<string, QuestionPlace>([...keys].map(([id, key]) => [id, { chapterId: key.chapterId, subjectId: key.subjectId }]));
    const chapterIds = [...new Set([...places.values()].map((p) => p.chapterId))];
    const sets = await Promise.all(chapterIds.map((chapterId) => ctx.quizQuestions({ chapterId })));
    const chapterQuestions = new Map(chapterIds.map((id, i) => [id, sets[i]!.questionIds]));
    const at = now();
    return {
      chapters: chapterRecall(cards, places, chapterQuestions, at),
      examDays: examDayRecall(cards, places, chapterQuestions, examDays, at),
    };
  });
}
