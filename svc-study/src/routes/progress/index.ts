// Chapter progress, revision stages and chapter history.
import { GetChapterHistory, GetChapterProgress, GetProgressBatch, type ChapterProgress } from '@lp/contracts';
import { addRoute } from '@lp/service-kit';
import type { StudyContext } from '../../context';
import { percentage } from '../../domain/rating';
import { revisionState, type RevisionDays } from '../../domain/revision';
import type { ChapterProgressDoc } from '../../models/chapter-progress';
import { learnerKey } from '../../models/model';

export interface AnswerCount { total: number; correct: number }

export function progressView(doc: ChapterProgressDoc, counts: AnswerCount | undefined, days: RevisionDays, now: Date): ChapterProgress {
  const state = revisionState(doc, days, now);
  const total = counts?.total ?? 0;
  const correct = counts?.correct ?? 0;
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    chapterId: doc.chapterId,
    questionsCorrect: correct,
    totalQuestions: total,
    accuracyPercentage: percentage(correct, total),
    createdAt: doc.createdAt.toISOString(),
    firstRevisionAt: iso(doc.firstRevisionAt),
    secondRevisionAt: iso(doc.secondRevisionAt),
    thirdRevisionAt: iso(doc.thirdRevisionAt),
    revisionStage: state.stage,
    revisionDue: state.due,
    revisionsDone: state.revisionsDone,
    nextRevisionAt: iso(state.nextRevisionAt),
  };
}

export async function progressRoutes(ctx: StudyContext) {
  const { app, models, now } = ctx;

  addRoute(app, GetProgressBatch, async (request) => {
    const userId = request.user!.sub;
    const ids = request.body.chapterIds;
    if (ids.length === 0) return {};
    // Two queries whatever the number of chapters: progress ids are `<userId>:<chapterId>` ($in), and the
    // answer counts are one $group over the learner's answers in those chapters.
    const [docs, counts, days] = await Promise.all([
      models.progress.find({ _id: { $in: ids.map((id) => learnerKey(userId, id)) } }).lean(),
      ctx.answerCounts({ userId, chapterId: { $in: ids } }, 'chapterId'),
      ctx.revisionSettings.get(),
    ]);
    const byChapter = new Map(counts.map((c) => [c._id, c]));
    const at = now();
    return Object.fromEntries(docs.map((doc) => [doc.chapterId, progressView(doc, byChapter.get(doc.chapterId), days, at)]));
  });

  addRoute(app, GetChapterProgress, async (request) => {
    const userId = request.user!.sub;
    const chapterId = request.query.chapterId;
    const [doc, counts, days] = await Promise.all([
      models.progress.findById(learnerKey(userId, chapterId)).lean(),
      ctx.answerCounts({ userId, chapterId }, null),
      ctx.revisionSettings.get(),
    ]);
    return doc ? progressView(doc, counts[0], days, now()) : null;
  });

  addRoute(app, GetChapterHistory, async (request) => {
    const userId = request.user!.sub;
    const chapterId = request.query.chapterId;
    const [last5, lastFull] = await Promise.all([
      models.sessions.find({ userId, chapterId, completed: true }).sort({ completedAt: -1, _id: -1 }).limit(5).lean(),
      models.sessions.findOne({ userId, chapterId, completed: true, mode: 'full' }).sort({ completedAt: -1, _id: -1 }).lean(),
    ]);
    return {
      lastFullChapterQuiz: lastFull
        ? {
            date: lastFull.completedAt!.toISOString(),
            score: lastFull.correctAnswers,
            totalQuestions: lastFull.questionsAnswered,
            percentage: percentage(lastFull.correctAnswers, lastFull.questionsAnswered),
          }
        : null,
      last5Quizzes: last5.map((s) => ({
        quizType: s.mode,
        date: s.completedAt!.toISOString(),
        score: s.correctAnswers,
        totalQuestions: s.questionsAnswered,
        scorePercentage: percentage(s.correctAnswers, s.questionsAnswered),
      })),
    };
  });
}
