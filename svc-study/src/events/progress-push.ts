// After a batch of answers is written to the learner document: the new progress of the chapters they touched, pushed
// to the learner's open tabs (issue 25 §3; @lp/contracts `push.ts`), so a dashboard shows it without polling.
// Best effort: the answers are stored and counted already, so a failure here is logged and nothing else.
//
// The chapters come as the batch wrote them (no second read of the learner document, which on the embedded FerretDB
// would cost a millisecond an answer); `progressView` makes of them exactly what `POST /api/chapters/progress/batch`
// answers, revision stage included.
import type { StudyContext } from '../context';
import type { ChapterState } from '../models/learner';
import type { CountedAnswer } from '../routes/answers/apply';
import { progressView } from '../routes/progress/index';

const MAX_CHAPTERS = 100;
const MAX_ANSWER_IDS = 500;

export function pushProgress(ctx: StudyContext, userId: string, answers: readonly CountedAnswer[] | null, written: ReadonlyMap<string, ChapterState>) {
  if (!answers?.length || written.size === 0) return;
  void (async () => {
    const days = await ctx.revisionSettings.get();
    const at = ctx.now();
    const chapters = [...written].slice(0, MAX_CHAPTERS).map(([id, chapter]) => progressView(id, chapter, days, at));
    if (chapters.length === 0) return;
    ctx.app.bus.push(userId, { type: 'progress', chapters, answerIds: answers.map((a) => a.record._id).slice(-MAX_ANSWER_IDS) });
  })().catch((err: unknown) => ctx.app.log.warn({ err, userId }, 'progress push not sent'));
}
