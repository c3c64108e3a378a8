// Question flags (issue 32 §4). Flagging and the notices are `user` routes (any signed-in student); the queue and the
// three actions are `admin` (owner role plus a live elevation), checked by the kit before a handler runs.
import { CorrectFlaggedQuestion, DismissQuestionFlags, FlagQuestion, GetFlagQueue, ListFlagNotices, MarkFlagNoticesSeen, RetireFlaggedQuestion } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { FlagReview } from '../../flags/flag-review';

export function flagRoutes(app: ServiceApp, review: FlagReview) {
  addRoute(app, FlagQuestion, async (request) => review.flag(request.user!.sub, request.params.id, request.body));
  addRoute(app, ListFlagNotices, async (request) => ({ notices: await review.unseenNotices(request.user!.sub) }));
  addRoute(app, MarkFlagNoticesSeen, async (request) => review.markNoticesSeen(request.user!.sub, request.body.noticeIds));
  addRoute(app, GetFlagQueue, async () => ({ questions: await review.queue() }));
  addRoute(app, CorrectFlaggedQuestion, async (request) => review.correct(request.params.id, request.body));
  addRoute(app, RetireFlaggedQuestion, async (request) => review.retire(request.params.id));
  addRoute(app, DismissQuestionFlags, async (request) => review.dismiss(request.params.id));
}
