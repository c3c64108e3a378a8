// A session as the API shows it, assembled from its records: the session itself (written once), its completion
// (decided once), its pause slot and position, and its first answers (for the counts while it runs).
import type { QuizSession } from '@lp/contracts';
import type { StudyContext } from '../../context';
import { resumeQuestionIndex } from '../../domain/resume';
import { sessionScore, type SessionScore } from '../../domain/session-score';
import type { QuizSessionDoc, SessionCompletion } from '../../models/quiz-session';

/** First answers of the session's questions: question id → right or wrong (unanswered questions absent). */
export async function firstAnswersOf(ctx: StudyContext, session: QuizSessionDoc): Promise<Map<string, boolean>> {
  // One _id lookup per question: FerretDB scans a whole collection for `$in`, and this one grows with every answer.
  const found = await ctx.sessionAnswers.ofSession(session);
  const firsts = new Map<string, boolean>();
  session.questionIds.forEach((qid, i) => { if (found[i]?.answerId) firsts.set(qid, Boolean(found[i]!.isCorrect)); });
  return firsts;
}

/** The session's score so far (or as completed). */
export async function scoreOf(ctx: StudyContext, session: QuizSessionDoc, completion?: SessionCompletion | null): Promise<SessionScore> {
  if (completion) return completion;
  return sessionScore(session.questionIds, await firstAnswersOf(ctx, session));
}

/** `known`: what the caller already has (a session just started has no completion and no answers). */
export async function sessionView(ctx: StudyContext, session: QuizSessionDoc, known: { completion?: SessionCompletion | null; firstAnswers?: Map<string, boolean> } = {}): Promise<QuizSession> {
  const sid = String(session._id);
  const [completion, slot, position] = await Promise.all([
    known.completion !== undefined ? known.completion : ctx.completions.get(sid),
    ctx.pausedSlots.of(session.userId),
    ctx.positions.of(sid),
  ]);
  const firstAnswers = completion ? null : (known.firstAnswers ?? (await firstAnswersOf(ctx, session)));
  const score = completion ? await scoreOf(ctx, session, completion) : sessionScore(session.questionIds, firstAnswers!);
  const ownQuestions = session.questionIds.slice(0, session.questionsCount);
  // A completed session's questions are all closed (answered, or marked by the completion).
  const answeredQuestionIds = firstAnswers ? ownQuestions.filter((qid) => firstAnswers.has(qid)) : ownQuestions;
  const updatedAt = [session.createdAt, position?.updatedAt, completion ? new Date(completion.completedAt) : null]
    .filter((d): d is Date => Boolean(d)).reduce((a, b) => (b.getTime() > a.getTime() ? b : a));
  return {
    id: sid,
    userId: session.userId,
    mode: session.mode,
    topicId: session.topicId ?? null,
    chapterId: session.chapterId ?? null,
    subjectId: session.subjectId ?? null,
    questionsCount: session.questionsCount,
    questionsAnswered: score.questionsAnswered,
    correctAnswers: score.correctAnswers,
    timeSpent: completion?.timeSpent ?? position?.timeSpent ?? 0,
    isPaused: !completion && slot?.sessionId === sid,
    currentQuestionIndex: position?.currentQuestionIndex ?? 0,
    resumeQuestionIndex: resumeQuestionIndex(ownQuestions, session.questionsCount, new Set(answeredQuestionIds), completion ? ownQuestions.length : (position?.currentQuestionIndex ?? 0)),
    answeredQuestionIds,
    completed: Boolean(completion),
    createdAt: session.createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    completedAt: completion ? completion.completedAt : null,
  };
}
