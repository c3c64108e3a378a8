// After a batch of answers is written to the learner document: the new progress of the chapters they touched, pushed
// to the learner's open tabs (issue 25 §3; @lp/contracts `push.ts`), so a dashboard shows it without polling.
// Best effort: the answers are stored and counted already, so a failure here is logged and nothing else.
//
// It reads the learner document once more (by _id, after the write): the figures are then exactly what
// `POST /api/chapters/progress/batch` would answer, revision stage included, at the cost of one read per batch
// (a batch is every answer of the learner that arrived while the previous write was under way).
import type { StudyContext } from '../context';
import type { CountedAnswer } from '../routes/answers/apply';
import { progressView } from '../routes/progress/index';

const MAX_CHAPTERS = 100;
const MAX_ANSWER_IDS = 500;

export function pushProgress(ctx: StudyContext, userId: string, answers: readonly CountedAnswer[] | null) {
  if (!answers?.length) return;
  void (async () => {
    const chapterIds = [...new Set(answers.map((a) => a.key.chapterId))].slice(0, MAX_CHAPTERS);
    const [learner, days] = await Promise.all([ctx.learners.get(userId), ctx.revisionSettings.get()]);
    const at = ctx.now();
    const chapters = chapterIds.flatMap((id) => (learner.chapters[id] ? [progressView(id, learner.chapters[id], days, at)] : []));
    if (chapters.length === 0) return;
    ctx.app.bus.push(userId, { type: 'progress', chapters, answerIds: answers.map((a) => a.record._id).slice(-MAX_ANSWER_IDS) });
  })().catch((err: unknown) => ctx.app.log.warn({ err, userId }, 'progress push not sent'));
}
