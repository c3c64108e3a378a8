// Completing a session, exactly once, whatever crashes or retries happen on whichever replica:
// 1. the score is decided once (`session_completions`, a unique insert; a retry gets the first decision back);
// 2. `study.quiz.completed` is written to the outbox, keyed by an id derived from the session;
// 3. the learner's side is applied (count, streak day, chapter history, the revision due) holding the learner's
//    lease, and marked in the learner document in the same write, so it is applied once;
// 4. the event is published. A process that dies after 2 leaves the event in the outbox: a retried completion
//    finishes 3 and 4, and otherwise the relay does (it runs `finish` before publishing).
import type { QuizCompleted } from '@lp/contracts';
import type { StudyContext } from '../../context';
import { istDay } from '../../domain/days';
import { chapterAfterQuiz } from '../../domain/revision';
import { sessionScore } from '../../domain/session-score';
import { completionEventId } from '../../events/quiz-completed';
import { RECENT_ANSWERS_KEPT, appliedKey, newChapter } from '../../domain/learner-state';
import type { QuizSessionDoc, SessionCompletion } from '../../models/quiz-session';
import type { LearnerChange } from '../../repositories/learners';
import { firstAnswersOf } from './view';

const completionMark = (sessionId: string) => `completion:${sessionId}`;

export function completions(ctx: StudyContext) {
  const { now, app } = ctx;

  async function complete(session: QuizSessionDoc, timeSpent: number): Promise<SessionCompletion> {
    const sid = String(session._id);
    let completion = await ctx.completions.get(sid);
    if (!completion) {
      // Close the question set first: an answer that got in before this is in the score read below, and any
      // later one finds its question taken (and is practice).
      if (session.completionCloses) await ctx.sessionAnswers.close(session, now());
      const score = sessionScore(session.questionIds, await firstAnswersOf(ctx, session));
      completion = (await ctx.completions.decide(sid, { ...score, timeSpent, completedAt: now().toISOString() })).value;
    }
    const envelope = await app.bus.record<QuizCompleted>('study.quiz.completed', eventData(session, completion), { id: completionEventId(sid) });
    await finish(session, completion);
    await app.bus.flush(envelope);
    return completion;
  }

  /** The learner's side of a decided completion; applying it again changes nothing. */
  async function finish(session: QuizSessionDoc, completion: SessionCompletion) {
    const sid = String(session._id);
    await ctx.pausedSlots.release(session.userId, sid);
    const days = await ctx.revisionSettings.get();
    await ctx.learners.change(session.userId, (learner) => {
      const mark = appliedKey(completionMark(sid));
      if (learner.appliedKeys.includes(mark)) return { change: null };
      const at = new Date(completion.completedAt);
      const change: LearnerChange = {
        quizzesCompleted: learner.quizzesCompleted + 1,
        activeDays: [...new Set([...learner.activeDays, istDay(at)])],
        appliedKeys: [...learner.appliedKeys, mark].slice(-RECENT_ANSWERS_KEPT),
        closedSessions: [sid],
      };
      const chapterId = session.chapterId;
      if (chapterId) {
        const chapter = learner.chapters[chapterId] ?? newChapter(at);
        const next = chapterAfterQuiz(chapter, { mode: session.mode, at, correct: completion.correctAnswers, total: completion.questionsAnswered, sessionId: sid }, days);
        change.chapters = { [chapterId]: next };
      }
      return { change };
    });
  }

  // A completion whose process died before publishing: the relay finishes it, then publishes its event.
  app.bus.beforeRelay('study.quiz.completed', async (event: { data: QuizCompleted }) => {
    const session = await ctx.sessions.byId(event.data.sessionId);
    const completion = await ctx.completions.get(event.data.sessionId);
    if (session && completion) await finish(session, completion);
  });

  return { complete };
}

function eventData(session: QuizSessionDoc, c: SessionCompletion): QuizCompleted {
  return {
    userId: session.userId,
    sessionId: String(session._id),
    mode: session.mode,
    chapterId: session.chapterId,
    topicId: session.topicId,
    score: c.percentage,
    correct: c.correctAnswers,
    total: c.questionsAnswered,
    timeSpent: c.timeSpent,
  };
}
