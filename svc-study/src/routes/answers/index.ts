// POST /api/answers: scored here with the shared rules, recorded once per client answer id.
import { SubmitAnswer, type AnswerKey } from '@lp/contracts';
import { isAnswerCorrect } from '@lp/question-rules';
import { addRoute, conflict, forbidden, notFound } from '@lp/service-kit';
import { Types } from 'mongoose';
import type { StudyContext } from '../../context';
import type { AnswerRecordDoc } from '../../models/answer-record';
import { isDuplicateKey } from '../../models/model';
import type { QuizSessionDoc } from '../../models/quiz-session';
import { NOT_ENTITLED } from '../sessions';
import { answerApplier } from './apply';

/** An answer whose first call died before its effects is finished by a retry after this long. */
const RECOVERY_AFTER_MS = 15_000;

export async function answerRoutes(ctx: StudyContext) {
  const { app, models, now } = ctx;
  const applier = answerApplier(ctx);

  addRoute(app, SubmitAnswer, async (request) => {
    const body = request.body;
    const user = request.user;
    const key = await ctx.answerKeys.get(body.questionId);
    if (!key) throw notFound('Question');
    const isCorrect = isAnswerCorrect(key, body.answer);
    const result = { isCorrect, correctAnswer: key.correctAnswer, explanation: key.explanation };
    // Visitors and sample quizzes are scored, never stored (spec §4 "Sample mode").
    if (!user || body.mode === 'sample') return { ...result, recorded: false };

    let session: QuizSessionDoc | null = null;
    if (body.sessionId) {
      session = await models.sessions.findById(new Types.ObjectId(body.sessionId)).lean();
      if (!session || session.userId !== user.sub) throw notFound('Quiz session');
    } else {
      // Outside a session (admitted when it started), recording needs the subscription.
      if (!(await ctx.entitlements.subscribed(user.sub, user.role))) {
        throw forbidden('Recording answers outside a quiz needs a subscription. Start a quiz or try a sample quiz.', NOT_ENTITLED);
      }
    }

    const at = now();
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
      createdAt: at,
    };
    try {
      await models.answers.create(record);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return { ...(await retried(record, key)), recorded: true };
    }
    await applier.apply({ record, key, session });
    return { ...result, recorded: true };
  });

  /** A retried call: the first record's result; its effects are finished if the first call died half-way. */
  async function retried(attempt: AnswerRecordDoc, key: AnswerKey) {
    const first = await models.answers.findById(attempt._id).lean();
    if (!first || first.userId !== attempt.userId || first.questionId !== attempt.questionId) {
      throw conflict('This answerId was already used for another answer. Send a new answerId for a new answer.', 'ANSWER_ID_REUSED');
    }
    const leaseOver = first.createdAt.getTime() < now().getTime() - RECOVERY_AFTER_MS;
    if (leaseOver && !(await models.answersApplied.findById(first._id).lean())) {
      // The first call stopped before its effects: the one retry that claims the recovery applies them.
      const claimed = await models.answerRecoveries.create({ _id: first._id, at: now() }).then(() => true, (err: unknown) => {
        if (isDuplicateKey(err)) return false;
        throw err;
      });
      if (claimed) {
        const session = first.sessionId ? await models.sessions.findById(new Types.ObjectId(first.sessionId)).lean() : null;
        await applier.apply({ record: first, key, session });
      }
    }
    return { isCorrect: first.isCorrect, correctAnswer: key.correctAnswer, explanation: key.explanation };
  }
}
