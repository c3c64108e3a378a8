// GET /api/exam-dates and PUT /api/exam-dates/:subjectId: the learner's exam date per subject (issue 32 §1); and
// GET /api/review-schedule, the reviews due per day, so the learner sees the schedule follow the exam. Stored
// on the learner document under the learner's lease (one writer across replicas); answers applied after it aim
// their review dates at it (domain/exam-schedule.ts).
import { GetExamDates, GetReviewSchedule, SetExamDate } from '@lp/contracts';
import { addRoute, badRequest } from '@lp/service-kit';
import type { StudyContext } from '../../context';
import { examDateList, examDateProblem } from '../../domain/exam-dates';
import { reviewCalendar } from '../../domain/exam-schedule';

export async function examDateRoutes(ctx: StudyContext) {
  const { app, now } = ctx;

  addRoute(app, GetExamDates, async (request) => ({ examDates: examDateList((await ctx.learners.get(request.user!.sub)).examDays) }));

  addRoute(app, SetExamDate, async (request) => {
    const { subjectId } = request.params;
    const { examDate } = request.body;
    const problem = examDate === null ? null : examDateProblem(examDate, now());
    if (problem) throw badRequest(problem, 'INVALID_EXAM_DATE');
    const examDays = await ctx.learners.change(request.user!.sub, (learner) => {
      const next = { ...learner.examDays };
      if (examDate) next[subjectId] = examDate;
      else delete next[subjectId];
      const unchanged = (learner.examDays[subjectId] ?? null) === examDate;
      return { change: unchanged ? null : { examDays: { [subjectId]: examDate } }, result: next };
    });
    return { examDates: examDateList(examDays ?? {}) };
  });

  addRoute(app, GetReviewSchedule, async (request) =>
    ({ days: reviewCalendar(Object.values((await ctx.learners.get(request.user!.sub)).cards), now(), request.query.days ?? 14) }));
}
