// GET /api/study-days: the dashboard's last 30 days (issue 32 §3), read from the learner document alone (one _id
// lookup): the counts per day the answers keep there, and the streak's days studied.
import { GetStudyDays } from '@lp/contracts';
import { addRoute } from '@lp/service-kit';
import type { StudyContext } from '../../context';
import { studyWindow } from '../../domain/study-days';

export async function studyDayRoutes(ctx: StudyContext) {
  addRoute(ctx.app, GetStudyDays, async (request) => {
    const learner = await ctx.learners.get(request.user!.sub);
    return studyWindow(learner.activeDays, learner.dailyAnswers, ctx.now());
  });
}
