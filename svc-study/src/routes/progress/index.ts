// Chapter progress, revision stages and chapter history, from the learner's one document.
import { GetChapterHistory, GetChapterProgress, GetProgressBatch, type ChapterProgress } from '@lp/contracts';
import { addRoute } from '@lp/service-kit';
import type { StudyContext } from '../../context';
import { percentage } from '@lp/question-rules';
import { revisionState, type RevisionDays } from '../../domain/revision';
import type { ChapterState } from '../../models/learner';

export function progressView(chapterId: string, chapter: ChapterState, days: RevisionDays, now: Date): ChapterProgress {
  const state = revisionState(chapter, days, now);
  const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
  return {
    chapterId,
    questionsCorrect: chapter.questionsCorrect,
    totalQuestions: chapter.totalQuestions,
    accuracyPercentage: percentage(chapter.questionsCorrect, chapter.totalQuestions),
    createdAt: new Date(chapter.createdAt).toISOString(),
    firstRevisionAt: iso(chapter.firstRevisionAt),
    secondRevisionAt: iso(chapter.secondRevisionAt),
    thirdRevisionAt: iso(chapter.thirdRevisionAt),
    revisionStage: state.stage,
    revisionDue: state.due,
    revisionsDone: state.revisionsDone,
    nextRevisionAt: iso(state.nextRevisionAt),
  };
}

export async function progressRoutes(ctx: StudyContext) {
  const { app, now } = ctx;

  addRoute(app, GetProgressBatch, async (request) => {
    if (request.body.chapterIds.length === 0) return {};
    // One read whatever the number of chapters: the learner's document holds every chapter's progress.
    const [learner, days] = await Promise.all([ctx.learners.get(request.user!.sub), ctx.revisionSettings.get()]);
    const at = now();
    const batch: Record<string, ChapterProgress> = {};
    for (const id of request.body.chapterIds) {
      const chapter = learner.chapters[id];
      if (chapter) batch[id] = progressView(id, chapter, days, at);
    }
    return batch;
  });

  addRoute(app, GetChapterProgress, async (request) => {
    const [learner, days] = await Promise.all([ctx.learners.get(request.user!.sub), ctx.revisionSettings.get()]);
    const chapter = learner.chapters[request.query.chapterId];
    return chapter ? progressView(request.query.chapterId, chapter, days, now()) : null;
  });

  addRoute(app, GetChapterHistory, async (request) => {
    const chapter = (await ctx.learners.get(request.user!.sub)).chapters[request.query.chapterId];
    const last = chapter?.lastFullChapterQuiz ?? null;
    return {
      lastFullChapterQuiz: last
        ? { date: new Date(last.date).toISOString(), score: last.score, totalQuestions: last.totalQuestions, percentage: percentage(last.score, last.totalQuestions) }
        : null,
      last5Quizzes: (chapter?.recentQuizzes ?? []).slice(0, 5).map((q) => ({
        quizType: q.quizType,
        date: new Date(q.date).toISOString(),
        score: q.score,
        totalQuestions: q.totalQuestions,
        scorePercentage: percentage(q.score, q.totalQuestions),
        ...(q.sessionId ? { sessionId: q.sessionId } : {}),
      })),
    };
  });
}
