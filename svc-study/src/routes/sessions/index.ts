// Quiz sessions (spec §4 "Session"): start, pause, resume, complete, delete, read; the streak and totals.
// A learner only ever sees and changes their own sessions: another learner's id answers 404.
import {
  CompleteSession, CreateSession, DeleteSession, GetPausedSessions, GetQuizSession, GetSessionIncorrectQuestions,
  GetSessionStats, PauseSession, ResumeSession, type CreateSessionBody,
} from '@lp/contracts';
import { addRoute, badRequest, conflict, forbidden, notFound } from '@lp/service-kit';
import { Types } from 'mongoose';
import type { StudyContext } from '../../context';
import { currentStreak, istDay } from '../../domain/days';
import { percentage } from '../../domain/rating';
import { revisionState } from '../../domain/revision';
import { publishQuizCompleted } from '../../events/quiz-completed';
import { newChapter } from '../../models/learner';
import { isDuplicateKey } from '../../models/model';
import type { QuizSessionDoc } from '../../models/quiz-session';
import { sessionView } from './view';

export const NOT_ENTITLED = 'NOT_ENTITLED';

export async function sessionRoutes(ctx: StudyContext) {
  const { app, models, now } = ctx;

  async function ownSession(userId: string, id: string): Promise<QuizSessionDoc> {
    const doc = await models.sessions.findById(new Types.ObjectId(id)).lean();
    if (!doc || doc.userId !== userId) throw notFound('Quiz session');
    return doc;
  }

  /** The learner's paused session, if there is one (the slot is cleaned up if it points at nothing). */
  async function pausedSession(userId: string): Promise<QuizSessionDoc | null> {
    const slot = await models.pausedSlots.findById(userId).lean();
    if (!slot) return null;
    const found = await models.sessions.findById(new Types.ObjectId(slot.sessionId)).lean();
    const session = found && found.userId === userId && found.isPaused ? found : null;
    if (!session) await models.pausedSlots.deleteOne({ _id: userId, sessionId: slot.sessionId });
    return session;
  }

  const releaseSlot = (userId: string, sessionId: string) => models.pausedSlots.deleteOne({ _id: userId, sessionId });

  addRoute(app, CreateSession, async (request) => {
    const user = request.user!;
    const body = request.body;
    checkModeTargets(body);
    if (await pausedSession(user.sub)) {
      throw conflict('You have a paused quiz. Resume it or retake it before starting another one.', 'SESSION_PAUSED');
    }
    const entitlement = await ctx.entitlements.of(user.sub, user.role);
    const sessionId = new Types.ObjectId();
    let trial = false;
    if (!entitlement.subscribed) {
      if (body.mode !== 'topic' && body.mode !== 'full') {
        throw forbidden('Mistake review and spaced review are part of the subscription. Subscribe to unlock them.', NOT_ENTITLED);
      }
      trial = await ctx.entitlements.consumeTrial(user.sub, sessionId.toHexString());
      if (!trial) {
        throw forbidden('Your free trial quiz is used. Subscribe for full chapter and topic quizzes, or try a sample quiz.', NOT_ENTITLED);
      }
    }
    const at = now();
    if (body.mode === 'full' && body.chapterId) {
      // Starting a full chapter quiz clears that chapter's mistakes (spec §4).
      await clearChapterMistakes(ctx, user.sub, body.chapterId);
    }
    const questionsAnswered = body.questionsAnswered ?? 0;
    const correctAnswers = body.correctAnswers ?? 0;
    if (correctAnswers > questionsAnswered) throw badRequest('correctAnswers cannot be more than questionsAnswered.');
    const doc = await models.sessions.create({
      _id: sessionId,
      userId: user.sub,
      mode: body.mode,
      topicId: body.topicId ?? null,
      chapterId: body.chapterId ?? null,
      subjectId: body.subjectId ?? null,
      questionsCount: body.questionsCount,
      questionsAnswered,
      correctAnswers,
      timeSpent: body.timeSpent ?? 0,
      isPaused: false,
      currentQuestionIndex: body.currentQuestionIndex ?? 0,
      completed: false,
      completedAt: null,
      trial,
      wrongQuestionIds: [],
      createdAt: at,
      updatedAt: at,
    });
    return sessionView(doc.toObject());
  });

  addRoute(app, GetPausedSessions, async (request) => {
    const session = await pausedSession(request.user!.sub);
    return session ? [sessionView(session)] : [];
  });

  addRoute(app, GetSessionStats, async (request) => {
    const learner = await ctx.learners.get(request.user!.sub);
    return { currentStreak: currentStreak(learner.activeDays, now()), totalQuestions: learner.totalQuestions };
  });

  addRoute(app, GetQuizSession, async (request) => {
    const session = await ownSession(request.user!.sub, request.params.id);
    return sessionView(session);
  });

  addRoute(app, GetSessionIncorrectQuestions, async (request) => {
    const userId = request.user!.sub;
    const session = await ownSession(userId, request.params.id);
    const wrong = session.completed ? session.wrongQuestionIds : (await ctx.learners.get(userId)).openSessions[request.params.id]?.wrong;
    return ctx.answerKeys.questions(wrong ?? []);
  });

  addRoute(app, PauseSession, async (request) => {
    const userId = request.user!.sub;
    const id = request.params.id;
    const session = await ownSession(userId, id);
    if (session.completed) throw conflict('This quiz is already completed; it cannot be paused.', 'SESSION_COMPLETED');
    const body = request.body;
    if (body.correctAnswers > body.questionsAnswered) throw badRequest('correctAnswers cannot be more than questionsAnswered.');
    await claimPausedSlot(userId, id);
    const updated = await models.sessions.findOneAndUpdate(
      { _id: session._id, userId, completed: false },
      { $set: { ...body, isPaused: true, updatedAt: now() } },
      { new: true },
    ).lean();
    if (!updated) {
      await releaseSlot(userId, id);
      throw conflict('This quiz was completed meanwhile; it cannot be paused.', 'SESSION_COMPLETED');
    }
    return sessionView(updated);
  });

  /**
   * At most one paused session per learner. Pausing a second one while the first is still paused is
   * refused (409 SESSION_PAUSED): the learner resumes or retakes the first, nothing is silently dropped.
   */
  async function claimPausedSlot(userId: string, sessionId: string) {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await models.pausedSlots.create({ _id: userId, sessionId });
        return;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const slot = await models.pausedSlots.findById(userId).lean();
      if (!slot) continue;
      if (slot.sessionId === sessionId) return;
      const other = await models.sessions.findById(new Types.ObjectId(slot.sessionId)).lean();
      if (other && other.userId === userId && other.isPaused) throw conflict('You already have a paused quiz. Resume it or retake it before pausing another one.', 'SESSION_PAUSED');
      const moved = await models.pausedSlots.updateOne({ _id: userId, sessionId: slot.sessionId }, { $set: { sessionId } });
      if (moved.modifiedCount === 1) return;
    }
    throw conflict('Another pause is in progress. Please try again.', 'SESSION_PAUSED');
  }

  addRoute(app, ResumeSession, async (request) => {
    const userId = request.user!.sub;
    const session = await ownSession(userId, request.params.id);
    if (session.completed) throw conflict('This quiz is already completed; it cannot be resumed.', 'SESSION_COMPLETED');
    const updated = await models.sessions.findOneAndUpdate({ _id: session._id, userId }, { $set: { isPaused: false, updatedAt: now() } }, { new: true }).lean();
    await releaseSlot(userId, request.params.id);
    return sessionView(updated!);
  });

  addRoute(app, DeleteSession, async (request) => {
    const userId = request.user!.sub;
    const session = await ownSession(userId, request.params.id);
    await models.sessions.deleteOne({ _id: session._id });
    await releaseSlot(userId, request.params.id);
    await ctx.learnerLock.run(userId, () => ctx.learners.update(userId, { $unset: { [`openSessions.${request.params.id}`]: '' } }));
    return { ok: true as const };
  });

  addRoute(app, CompleteSession, async (request) => {
    const userId = request.user!.sub;
    const body = request.body;
    if (body.correctAnswers > body.questionsAnswered) throw badRequest('correctAnswers cannot be more than questionsAnswered.');
    // Under the learner lock: answers of this learner still being applied land before the score is taken.
    return ctx.learnerLock.run(userId, async () => {
      const session = await ownSession(userId, request.params.id);
      if (session.completed) {
        if (body.completed) return sessionView(session); // a retried completion changes nothing
        throw conflict('This quiz is already completed.', 'SESSION_COMPLETED');
      }
      const at = now();
      if (!body.completed) {
        const updated = await models.sessions.findOneAndUpdate(
          { _id: session._id },
          { $set: { questionsAnswered: body.questionsAnswered, correctAnswers: body.correctAnswers, timeSpent: body.timeSpent, updatedAt: at } },
          { new: true },
        ).lean();
        return sessionView(updated!);
      }
      // The score is the server's: answers recorded for this session, scored here. Questions the runner says
      // were answered but whose answer calls have not arrived count as answered, not as right.
      const recorded = (await ctx.learners.get(userId)).openSessions[request.params.id];
      const questionsAnswered = Math.max(body.questionsAnswered, recorded?.answers ?? 0);
      const correctAnswers = Math.min(recorded?.correct ?? 0, questionsAnswered);
      // A topic quiz learns its chapter and subject from its first answer (for history and the event).
      const learnt = !session.chapterId && session.mode === 'topic' && recorded ? { chapterId: recorded.chapterId, subjectId: recorded.subjectId } : {};
      const completed = await models.sessions.findOneAndUpdate(
        { _id: session._id },
        { $set: { completed: true, completedAt: at, isPaused: false, questionsAnswered, correctAnswers, timeSpent: body.timeSpent, updatedAt: at, wrongQuestionIds: recorded?.wrong ?? [], ...learnt } },
        { new: true },
      ).lean();
      await releaseSlot(userId, request.params.id);
      await recordCompletion(completed!, at);
      await publishQuizCompleted(app.bus, {
        userId,
        sessionId: String(completed!._id),
        mode: completed!.mode,
        chapterId: completed!.chapterId,
        topicId: completed!.topicId,
        score: percentage(correctAnswers, questionsAnswered),
        correct: correctAnswers,
        total: questionsAnswered,
        timeSpent: body.timeSpent,
      });
      return sessionView(completed!);
    });
  });

  /**
   * The learner's side of a completed quiz: the count, the streak day, the chapter's history, and the
   * revision a full chapter quiz records when one is due.
   */
  async function recordCompletion(session: QuizSessionDoc, at: Date) {
    const update: Record<string, unknown> = {
      $inc: { quizzesCompleted: 1 },
      $addToSet: { activeDays: istDay(at) },
      $unset: { [`openSessions.${String(session._id)}`]: '' },
    };
    const chapterId = session.chapterId;
    if (chapterId) {
      const learner = await ctx.learners.get(session.userId);
      const chapter = learner.chapters[chapterId] ?? newChapter(at);
      const entry = { quizType: session.mode, date: at, score: session.correctAnswers, totalQuestions: session.questionsAnswered };
      const next = { ...chapter, recentQuizzes: [entry, ...(chapter.recentQuizzes ?? [])].slice(0, 5) };
      if (session.mode === 'full') {
        next.lastFullChapterQuiz = { date: at, score: session.correctAnswers, totalQuestions: session.questionsAnswered };
        const state = revisionState(chapter, await ctx.revisionSettings.get(), at);
        if (state.recordsField) next[state.recordsField] = at;
      }
      // Only this chapter's history fields: the counts may be changing under a concurrent answer elsewhere.
      const { totalQuestions: _t, questionsCorrect: _c, ...fields } = next;
      update.$set = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`chapters.${chapterId}.${k}`, v]));
    }
    await ctx.learners.update(session.userId, update);
  }
}

/** Clears the learner's mistakes of one chapter (starting a full chapter quiz, or on request). */
export async function clearChapterMistakes(ctx: StudyContext, userId: string, chapterId: string) {
  await ctx.learnerLock.run(userId, async () => {
    const learner = await ctx.learners.get(userId);
    const unset = Object.fromEntries(Object.entries(learner.mistakes).filter(([, m]) => m.chapterId === chapterId).map(([qid]) => [`mistakes.${qid}`, '']));
    if (Object.keys(unset).length > 0) await ctx.learners.update(userId, { $unset: unset });
  });
}

/** Which ids each mode needs (400 with the reason otherwise). */
function checkModeTargets(body: CreateSessionBody) {
  if (body.mode === 'topic' && !body.topicId) throw badRequest('A topic quiz needs topicId.');
  if ((body.mode === 'full' || body.mode === 'mistakes') && !body.chapterId) throw badRequest(`A ${body.mode === 'full' ? 'full chapter' : 'chapter mistakes'} quiz needs chapterId.`);
  if (body.mode === 'subject-mistakes' && !body.subjectId) throw badRequest('A subject mistakes quiz needs subjectId.');
}
