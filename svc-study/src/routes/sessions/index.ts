// Quiz sessions (spec §4 "Session"): start, pause, resume, complete, delete, read; the streak and totals.
// A learner only ever sees and changes their own sessions: another learner's id answers 404.
import {
  CompleteSession, CreateSession, DeleteSession, GetPausedSessions, GetQuizSession, GetSessionIncorrectQuestions,
  GetSessionStats, PauseSession, ResumeSession, type CreateSessionBody,
} from '@lp/contracts';
import { addRoute, badRequest, conflict, forbidden, notFound } from '@lp/service-kit';
import { Types } from 'mongoose';
import type { StudyContext } from '../../context';
import { currentStreak } from '../../domain/days';
import { percentage } from '../../domain/rating';
import { revisionState } from '../../domain/revision';
import { publishQuizCompleted } from '../../events/quiz-completed';
import { isDuplicateKey, learnerKey, upsertOne } from '../../models/model';
import type { QuizSessionDoc } from '../../models/quiz-session';
import { sessionView } from './view';

export const NOT_ENTITLED = 'NOT_ENTITLED';

export async function sessionRoutes(ctx: StudyContext) {
  const { app, models, now } = ctx;

  async function ownSession(userId: string, id: string): Promise<QuizSessionDoc> {
    const doc = await models.sessions.findOne({ _id: new Types.ObjectId(id), userId }).lean();
    if (!doc) throw notFound('Quiz session');
    return doc;
  }

  /** The learner's paused session, if there is one (the slot is cleaned up if it points at nothing). */
  async function pausedSession(userId: string): Promise<QuizSessionDoc | null> {
    const slot = await models.pausedSlots.findById(userId).lean();
    if (!slot) return null;
    const session = await models.sessions.findOne({ _id: new Types.ObjectId(slot.sessionId), userId, isPaused: true }).lean();
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
      await models.mistakes.deleteMany({ userId: user.sub, chapterId: body.chapterId });
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
    const userId = request.user!.sub;
    const [days, totalQuestions] = await Promise.all([
      models.activityDays.find({ userId }).sort({ day: -1 }).limit(1000).lean(),
      models.answers.countDocuments({ userId }),
    ]);
    return { currentStreak: currentStreak(days.map((d) => d.day), now()), totalQuestions };
  });

  addRoute(app, GetQuizSession, async (request) => {
    const session = await ownSession(request.user!.sub, request.params.id);
    return sessionView(session);
  });

  addRoute(app, GetSessionIncorrectQuestions, async (request) => {
    const userId = request.user!.sub;
    const session = await ownSession(userId, request.params.id);
    const wrong = await models.answers.find({ userId, sessionId: String(session._id), isCorrect: false }).sort({ createdAt: 1 }).lean();
    return ctx.answerKeys.questions([...new Set(wrong.map((a) => a.questionId))]);
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
      const other = await models.sessions.findOne({ _id: new Types.ObjectId(slot.sessionId), userId, isPaused: true }).lean();
      if (other) throw conflict('You already have a paused quiz. Resume it or retake it before pausing another one.', 'SESSION_PAUSED');
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
    await models.sessions.deleteOne({ _id: session._id, userId });
    await releaseSlot(userId, request.params.id);
    return { ok: true as const };
  });

  addRoute(app, CompleteSession, async (request) => {
    const userId = request.user!.sub;
    const session = await ownSession(userId, request.params.id);
    const body = request.body;
    if (body.correctAnswers > body.questionsAnswered) throw badRequest('correctAnswers cannot be more than questionsAnswered.');
    if (session.completed) {
      if (body.completed) return sessionView(session); // a retried completion changes nothing
      throw conflict('This quiz is already completed.', 'SESSION_COMPLETED');
    }
    const at = now();
    if (!body.completed) {
      const updated = await models.sessions.findOneAndUpdate(
        { _id: session._id, userId, completed: false },
        { $set: { questionsAnswered: body.questionsAnswered, correctAnswers: body.correctAnswers, timeSpent: body.timeSpent, updatedAt: at } },
        { new: true },
      ).lean();
      return sessionView(updated ?? (await ownSession(userId, request.params.id)));
    }
    // The score is the server's: answers recorded for this session, scored here. Questions the runner says
    // were answered but whose answer calls have not arrived count as answered, not as correct.
    const [recorded] = await ctx.answerCounts({ userId, sessionId: request.params.id }, null);
    const questionsAnswered = Math.max(body.questionsAnswered, recorded?.total ?? 0);
    const correctAnswers = Math.min(recorded?.correct ?? 0, questionsAnswered);
    const completed = await models.sessions.findOneAndUpdate(
      { _id: session._id, userId, completed: false },
      { $set: { completed: true, completedAt: at, isPaused: false, questionsAnswered, correctAnswers, timeSpent: body.timeSpent, updatedAt: at } },
      { new: true },
    ).lean();
    if (!completed) return sessionView(await ownSession(userId, request.params.id)); // a concurrent completion won
    await releaseSlot(userId, request.params.id);
    await Promise.all([
      ctx.activity.record(userId, at),
      completed.mode === 'full' && completed.chapterId ? recordRevisionIfDue(userId, completed.chapterId, at) : null,
    ]);
    await publishQuizCompleted(app.bus, {
      userId,
      sessionId: String(completed._id),
      mode: completed.mode,
      chapterId: completed.chapterId,
      topicId: completed.topicId,
      score: percentage(correctAnswers, questionsAnswered),
      correct: correctAnswers,
      total: questionsAnswered,
      timeSpent: body.timeSpent,
    });
    return sessionView(completed);
  });

  /** A full chapter quiz completed while a revision is due records that revision. */
  async function recordRevisionIfDue(userId: string, chapterId: string, at: Date) {
    const _id = learnerKey(userId, chapterId);
    await upsertOne(models.progress, { _id }, { $setOnInsert: { userId, chapterId, createdAt: at, firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null } });
    const progress = await models.progress.findById(_id).lean();
    const state = revisionState(progress!, await ctx.revisionSettings.get(), at);
    if (state.recordsField) await models.progress.updateOne({ _id, [state.recordsField]: null }, { $set: { [state.recordsField]: at } });
  }
}

/** Which ids each mode needs (400 with the reason otherwise). */
function checkModeTargets(body: CreateSessionBody) {
  if (body.mode === 'topic' && !body.topicId) throw badRequest('A topic quiz needs topicId.');
  if ((body.mode === 'full' || body.mode === 'mistakes') && !body.chapterId) throw badRequest(`A ${body.mode === 'full' ? 'full chapter' : 'chapter mistakes'} quiz needs chapterId.`);
  if (body.mode === 'subject-mistakes' && !body.subjectId) throw badRequest('A subject mistakes quiz needs subjectId.');
}
