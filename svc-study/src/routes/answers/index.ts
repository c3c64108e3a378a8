// POST /api/answers: scored here with the shared rules, recorded once per client answer id. In a session, only
// the first answer to each of the session's own questions counts (score, mistakes, review); a later one is
// recorded as practice, and a question outside the session is refused.
import { SubmitAnswer, type AnswerKey } from '@lp/contracts';
import { isAnswerCorrect } from '@lp/question-rules';
import { addRoute, conflict, forbidden, notFound } from '@lp/service-kit';
import type { StudyContext } from '../../context';
import { isSessionQuestion } from '../../domain/session-questions';
import type { AnswerRecordDoc } from '../../models/answer-record';
import type { QuizSessionDoc } from '../../models/quiz-session';
import { NOT_ENTITLED } from '../sessions';
import { answerApplier } from './apply';
import { sampleAnswers } from './sample-guard';

/** The key and explanation that go back with a score; a bilingual question's Hindi ones too (issue 33 §1). */
function feedbackOf(key: AnswerKey) {
  const hi = key.hi?.correctAnswer || key.hi?.explanation ? { hi: { correctAnswer: key.hi.correctAnswer, explanation: key.hi.explanation } } : {};
  return { correctAnswer: key.correctAnswer, explanation: key.explanation, ...hi };
}

export async function answerRoutes(ctx: StudyContext) {
  const { app, now } = ctx;
  const applier = answerApplier(ctx);
  const samples = sampleAnswers(ctx);

  addRoute(app, SubmitAnswer, async (request, reply) => {
    const body = request.body;
    const user = request.user;
    // Visitors and sample quizzes are scored, never stored (spec §4 "Sample mode"), and only within limits.
    if (!user || body.mode === 'sample') await samples.admit(request, reply, body.questionId);
    const key = await ctx.answerKeys.get(body.questionId);
    if (!key) throw notFound('Question');
    const isCorrect = isAnswerCorrect(key, body.answer);
    const result = { isCorrect, ...feedbackOf(key) };
    if (!user || body.mode === 'sample') return { ...result, recorded: false, counted: false };

    let session: QuizSessionDoc | null = null;
    if (body.sessionId) {
      session = await ctx.sessions.byId(body.sessionId);
      if (!session || session.userId !== user.sub) throw notFound('Quiz session');
      if (!isSessionQuestion(session, key.questionId)) {
        throw conflict('This question is not part of this quiz, so it cannot be answered in it.', 'QUESTION_NOT_IN_SESSION');
      }
    } else if (!(await ctx.entitlements.subscribed(user.sub, user.role))) {
      // Outside a session (admitted when it started), recording needs the subscription.
      throw forbidden('Recording answers outside a quiz needs a subscription. Start a quiz or try a sample quiz.', NOT_ENTITLED);
    }

    const record: AnswerRecordDoc = {
      _id: body.answerId,
      userId: user.sub,
      questionId: key.questionId,
      chapterId: key.chapterId,
      topicId: key.topicId,
      subjectId: key.subjectId,
      sessionId: session ? String(session._id) : null,
      mode: body.mode ?? session?.mode ?? null,
      answer: body.answer,
      isCorrect,
      timeSpent: body.timeSpent,
      createdAt: now(),
    };
    if (!(await ctx.answers.record(record))) return retried(record, key);
    const counted = await countsFor(record, session);
    if (counted) await applier.apply({ record, key });
    return { ...result, recorded: true, counted };
  });

  /**
   * Whether a recorded answer counts: outside a session always; in one, when it is the first answer to its question
   * (the unique `session_answers` record it inserts, or already holds) and the session is not completed.
   */
  async function countsFor(record: AnswerRecordDoc, known?: QuizSessionDoc | null): Promise<boolean> {
    if (!record.sessionId) return true;
    const session = known ?? await ctx.sessions.byId(record.sessionId);
    // Once the completion is decided, the score is fixed: a new answer is practice. A session whose completion
    // closes its questions says so by the insert below failing; an older one is asked.
    const open = session?.completionCloses ? true : !(await ctx.completions.get(record.sessionId));
    if (open && (await ctx.sessionAnswers.claim(record.sessionId, record.questionId, { answerId: record._id, isCorrect: record.isCorrect, at: record.createdAt }))) return true;
    return (await ctx.sessionAnswers.holderOf(record.sessionId, record.questionId))?.answerId === record._id;
  }

  /** A retried call: the first record's result; its effects are finished here if the first call died half-way. */
  async function retried(attempt: AnswerRecordDoc, key: AnswerKey) {
    const first = await ctx.answers.byId(attempt._id);
    if (!first || first.userId !== attempt.userId || first.questionId !== attempt.questionId) {
      throw conflict('This answerId was already used for another answer. Send a new answerId for a new answer.', 'ANSWER_ID_REUSED');
    }
    const counted = await countsFor(first);
    // The learner document remembers the answers applied to it: applying again (the first call finished, or is still
    // running on another replica) changes nothing, and a first call that died half-way is finished here.
    if (counted) await applier.apply({ record: first, key });
    return { isCorrect: first.isCorrect, ...feedbackOf(key), recorded: true, counted };
  }
}
