// Quiz sessions (spec §4 "Session"): start, pause, resume, complete, delete, read; the streak and totals.
// A learner only ever sees and changes their own sessions: another learner's id answers 404.
// A session is written once; its answers, pause, position and completion are records of their own (see
// models/quiz-session.ts), so two replicas serving one learner at once cannot overwrite each other.
import {
  CompleteSession, CreateSession, DeleteSession, GetPausedSessions, GetQuizSession, GetQuizToContinue, GetSessionIncorrectQuestions,
  GetSessionStats, LIMITS, PauseSession, ResumeSession, type CreateSessionBody,
} from '@lp/contracts';
import { addRoute, badRequest, conflict, forbidden, notFound } from '@lp/service-kit';
import { Types } from 'mongoose';
import type { StudyContext } from '../../context';
import { currentStreak } from '../../domain/days';
import { startDecision } from '../../domain/entitlement';
import { isQuestionIndexInSession, sessionQuestionIds } from '../../domain/session-questions';
import { mistakeIds, type MistakeState } from '../../domain/mistakes';
import { todaysReviews } from '../../domain/exam-schedule';
import { sessionToContinue } from '../../domain/resume';
import type { QuizSessionDoc } from '../../models/quiz-session';
import { completions } from './completion';
import { scoreOf, sessionView } from './view';

export const NOT_ENTITLED = 'NOT_ENTITLED';

export async function sessionRoutes(ctx: StudyContext) {
  const { app, now } = ctx;
  const completing = completions(ctx);

  async function ownSession(userId: string, id: string): Promise<QuizSessionDoc> {
    const doc = await ctx.sessions.byId(id);
    if (!doc || doc.userId !== userId) throw notFound('Quiz session');
    return doc;
  }

  /** The learner's paused session, if there is one (a slot pointing at a finished or deleted session is removed). */
  async function pausedSession(userId: string): Promise<QuizSessionDoc | null> {
    const slot = await ctx.pausedSlots.of(userId);
    if (!slot) return null;
    const found = await ctx.sessions.byId(slot.sessionId);
    if (found && found.userId === userId && !(await ctx.completions.get(slot.sessionId))) return found;
    await ctx.pausedSlots.release(userId, slot.sessionId);
    return null;
  }

  const releaseSlot = (userId: string, sessionId: string) => ctx.pausedSlots.release(userId, sessionId);

  /** The question set a new session is fixed to, with the chapter and subject it belongs to. */
  async function questionSet(userId: string, body: CreateSessionBody) {
    if (body.mode === 'topic' || body.mode === 'full') {
      const set = await ctx.quizQuestions(body.mode === 'topic' ? { topicId: body.topicId! } : { chapterId: body.chapterId! });
      if (!set.found) throw notFound(body.mode === 'topic' ? 'Topic' : 'Chapter');
      return { questionIds: set.questionIds, chapterId: set.chapterId, subjectId: set.subjectId };
    }
    const learner = await ctx.learners.get(userId);
    // The review queue as GET /api/questions/review lists it (most overdue first, at most its largest page).
    if (body.mode === 'review') return { questionIds: todaysReviews(learner.cards, learner.examDays, now(), LIMITS.reviewQuestions).map((c) => c.questionId), chapterId: null, subjectId: null };
    const match = body.mode === 'mistakes' ? (m: { chapterId: string }) => m.chapterId === body.chapterId : (m: { subjectId: string }) => m.subjectId === body.subjectId;
    const ids = mistakeIds(learner.mistakes, match as never);
    const subjectId = body.subjectId ?? (ids[0] ? learner.mistakes[ids[0]]!.subjectId : null);
    return { questionIds: ids, chapterId: body.chapterId ?? null, subjectId };
  }

  addRoute(app, CreateSession, async (request) => {
    const user = request.user!;
    const body = request.body;
    checkModeTargets(body);
    // A runner that made its own id (a quiz started offline, or a retried start) gets the session that id names.
    const already = body.sessionId ? await ctx.sessions.byRunnerId(body.sessionId) : null;
    if (already) return sameSession(user.sub, already);
    if (await pausedSession(user.sub)) {
      throw conflict('You have a paused quiz. Resume it or retake it before starting another one.', 'SESSION_PAUSED');
    }
    const decision = startDecision(await ctx.entitlements.of(user.sub, user.role), body.mode);
    if (decision === 'mode-needs-subscription') {
      throw forbidden('Mistake review and spaced review are part of the subscription. Subscribe to unlock them.', NOT_ENTITLED);
    }
    if (decision === 'trial-used') throw trialUsed();
    const set = await questionSet(user.sub, body);
    if (set.questionIds.length === 0) throw conflict('There are no questions to take in this quiz yet.', 'NO_QUESTIONS');
    const questionIds = sessionQuestionIds(set.questionIds, body.questionsCount);
    if (questionIds.length === 0) throw badRequest('A quiz needs at least one question: questionsCount must be 1 or more.');
    const sessionId = body.sessionId ?? new Types.ObjectId().toHexString();
    if (decision === 'trial' && !(await ctx.entitlements.consumeTrial(user.sub, sessionId))) {
      // The same start on another replica may have taken the trial for this very session a moment ago.
      const raced = body.sessionId ? await ctx.sessions.byRunnerId(body.sessionId) : null;
      if (raced) return sameSession(user.sub, raced);
      throw trialUsed();
    }
    const at = now();
    const session: QuizSessionDoc = {
      _id: sessionId,
      userId: user.sub,
      mode: body.mode,
      topicId: body.topicId ?? null,
      chapterId: set.chapterId,
      subjectId: set.subjectId,
      questionIds,
      questionsCount: questionIds.length,
      trial: decision === 'trial',
      completionCloses: true,
      createdAt: at,
    };
    // Exactly once by the unique _id: of two starts with one runner-made id (two replicas), one inserts.
    if (!(await ctx.sessions.create(session))) return sameSession(user.sub, (await ctx.sessions.byRunnerId(sessionId))!);
    // The learner's open session (it lets a paused trial quiz reopen its question list); a full chapter quiz
    // also clears that chapter's mistakes (spec §4).
    await ctx.learners.change(user.sub, (learner) => {
      const kept = body.mode === 'full' ? withoutChapterMistakes(learner.mistakes, set.chapterId) : null;
      return {
        change: {
          openedSessions: { [sessionId]: { mode: body.mode, topicId: session.topicId, chapterId: session.chapterId, startedAt: at } },
          ...(kept ? { mistakes: kept } : {}),
        },
      };
    });
    return sessionView(ctx, session, { completion: null, firstAnswers: new Map() });
  });

  /** The session a runner-made id already names: the caller's own (a repeated start), never another learner's. */
  async function sameSession(userId: string, session: QuizSessionDoc) {
    if (session.userId !== userId) throw conflict('This quiz id is already in use. Start the quiz again.', 'SESSION_ID_TAKEN');
    return sessionView(ctx, session);
  }

  addRoute(app, GetPausedSessions, async (request) => {
    const session = await pausedSession(request.user!.sub);
    return session ? [await sessionView(ctx, session)] : [];
  });

  // The dashboard's "Continue" card (issue 31 §6): a quiz left without pausing is still open, and resumes from the
  // answers recorded for it.
  addRoute(app, GetQuizToContinue, async (request) => {
    const userId = request.user!.sub;
    const paused = await pausedSession(userId);
    if (paused) return [await sessionView(ctx, paused)];
    const id = sessionToContinue((await ctx.learners.get(userId)).openSessions, null);
    const session = id ? await ctx.sessions.byId(id) : null;
    if (!session || session.userId !== userId || (await ctx.completions.get(id!))) return [];
    return [await sessionView(ctx, session, { completion: null })];
  });

  addRoute(app, GetSessionStats, async (request) => {
    const learner = await ctx.learners.get(request.user!.sub);
    return { currentStreak: currentStreak(learner.activeDays, now()), totalQuestions: learner.totalQuestions };
  });

  addRoute(app, GetQuizSession, async (request) => sessionView(ctx, await ownSession(request.user!.sub, request.params.id)));

  addRoute(app, GetSessionIncorrectQuestions, async (request) => {
    const session = await ownSession(request.user!.sub, request.params.id);
    const score = await scoreOf(ctx, session, await ctx.completions.get(request.params.id));
    return ctx.answerKeys.questions(score.wrongQuestionIds);
  });

  addRoute(app, PauseSession, async (request) => {
    const userId = request.user!.sub;
    const id = request.params.id;
    const session = await ownSession(userId, id);
    if (!isQuestionIndexInSession(request.body.currentQuestionIndex, session.questionsCount)) {
      throw badRequest(`currentQuestionIndex must be a question of this quiz: 0 to ${Math.max(0, session.questionsCount - 1)}.`);
    }
    if (await ctx.completions.get(id)) throw conflict('This quiz is already completed; it cannot be paused.', 'SESSION_COMPLETED');
    await claimPausedSlot(userId, id);
    await savePosition(id, request.body);
    const completion = await ctx.completions.get(id);
    if (completion) {
      await releaseSlot(userId, id);
      throw conflict('This quiz was completed meanwhile; it cannot be paused.', 'SESSION_COMPLETED');
    }
    return sessionView(ctx, session, { completion: null });
  });

  const savePosition = (sessionId: string, position: { currentQuestionIndex?: number; timeSpent: number }) => ctx.positions.save(sessionId, position, now());

  /**
   * At most one paused session per learner (the slot's unique _id). Pausing a second one while the first is still
   * paused is refused (409 SESSION_PAUSED): the learner resumes or retakes the first, nothing is silently dropped.
   */
  async function claimPausedSlot(userId: string, sessionId: string) {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await ctx.pausedSlots.claim(userId, sessionId, now())) return;
      const slot = await ctx.pausedSlots.of(userId);
      if (!slot) continue;
      if (slot.sessionId === sessionId) return;
      if (await pausedSession(userId)) throw conflict('You already have a paused quiz. Resume it or retake it before pausing another one.', 'SESSION_PAUSED');
    }
    throw conflict('Another pause is in progress. Please try again.', 'SESSION_PAUSED');
  }

  addRoute(app, ResumeSession, async (request) => {
    const userId = request.user!.sub;
    const session = await ownSession(userId, request.params.id);
    if (await ctx.completions.get(request.params.id)) throw conflict('This quiz is already completed; it cannot be resumed.', 'SESSION_COMPLETED');
    await releaseSlot(userId, request.params.id);
    return sessionView(ctx, session, { completion: null });
  });

  addRoute(app, DeleteSession, async (request) => {
    const userId = request.user!.sub;
    const session = await ownSession(userId, request.params.id);
    await ctx.sessions.remove(session);
    await releaseSlot(userId, request.params.id);
    await ctx.learners.change(userId, () => ({ change: { closedSessions: [request.params.id] } }));
    return { ok: true as const };
  });

  addRoute(app, CompleteSession, async (request) => {
    const userId = request.user!.sub;
    const body = request.body;
    const session = await ownSession(userId, request.params.id);
    const decided = await ctx.completions.get(request.params.id);
    if (!body.completed) {
      if (decided) throw conflict('This quiz is already completed.', 'SESSION_COMPLETED');
      const position = await ctx.positions.of(request.params.id);
      await savePosition(request.params.id, { currentQuestionIndex: position?.currentQuestionIndex, timeSpent: body.timeSpent });
      return sessionView(ctx, session, { completion: null });
    }
    // The score is the server's: the first answer recorded for each of the session's questions. A retried
    // completion gets the first decision back and finishes whatever a failed first call left undone.
    const completion = await completing.complete(session, body.timeSpent);
    return sessionView(ctx, session, { completion });
  });
}

const trialUsed = () => forbidden('Your free trial quiz is used. Subscribe for full chapter and topic quizzes, or try a sample quiz.', NOT_ENTITLED);

/** Clears the learner's mistakes of one chapter (on request). */
export async function clearChapterMistakes(ctx: StudyContext, userId: string, chapterId: string) {
  await ctx.learners.change(userId, (learner) => {
    const kept = withoutChapterMistakes(learner.mistakes, chapterId);
    return { change: kept ? { mistakes: kept } : null };
  });
}

/** The mistakes without those of the chapter; null when it had none. */
function withoutChapterMistakes(mistakes: Record<string, MistakeState>, chapterId: string | null): Record<string, MistakeState> | null {
  const kept = Object.fromEntries(Object.entries(mistakes).filter(([, m]) => m.chapterId !== chapterId));
  return Object.keys(kept).length === Object.keys(mistakes).length ? null : kept;
}

/** Which ids each mode needs (400 with the reason otherwise). */
function checkModeTargets(body: CreateSessionBody) {
  if (body.mode === 'topic' && !body.topicId) throw badRequest('A topic quiz needs topicId.');
  if ((body.mode === 'full' || body.mode === 'mistakes') && !body.chapterId) throw badRequest(`A ${body.mode === 'full' ? 'full chapter' : 'chapter mistakes'} quiz needs chapterId.`);
  if (body.mode === 'subject-mistakes' && !body.subjectId) throw badRequest('A subject mistakes quiz needs subjectId.');
}
