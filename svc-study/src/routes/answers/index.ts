// POST /api/answers: scored here with the shared rules, recorded once per client answer id.
import { SubmitAnswer, type AnswerKey, type QuizMode } from '@lp/contracts';
import { isAnswerCorrect } from '@lp/question-rules';
import { addRoute, conflict, forbidden, notFound } from '@lp/service-kit';
import { Types } from 'mongoose';
import type { StudyContext } from '../../context';
import { scheduleReview } from '../../domain/review';
import type { AnswerRecordDoc } from '../../models/answer-record';
import { isDuplicateKey, learnerKey, upsertOne } from '../../models/model';
import type { QuizSessionDoc } from '../../models/quiz-session';
import { NOT_ENTITLED } from '../sessions';

/** A record left half-applied by a call that died is finished by a retry after this long. */
const CLAIM_LEASE_MS = 15_000;
const MISTAKE_REVIEW_MODES: ReadonlySet<QuizMode> = new Set(['mistakes', 'subject-mistakes']);

export async function answerRoutes(ctx: StudyContext) {
  const { app, models, now } = ctx;

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
      session = await models.sessions.findOne({ _id: new Types.ObjectId(body.sessionId), userId: user.sub }).lean();
      if (!session) throw notFound('Quiz session');
    } else {
      // Outside a session (admitted when it started), recording needs the subscription.
      const entitlement = await ctx.entitlements.of(user.sub, user.role);
      if (!entitlement.subscribed) {
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
      applied: false,
      claimedAt: at,
    };
    try {
      await models.answers.create(record);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return { ...(await retried(record, key)), recorded: true };
    }
    await ctx.learnerLock.run(user.sub, () => applyAnswer(record, key, session));
    return { ...result, recorded: true };
  });

  /** A retried call: the first record's result; its effects are finished if the first call died half-way. */
  async function retried(attempt: AnswerRecordDoc, key: AnswerKey) {
    const first = await models.answers.findById(attempt._id).lean();
    if (!first || first.userId !== attempt.userId || first.questionId !== attempt.questionId) {
      throw conflict('This answerId was already used for another answer. Send a new answerId for a new answer.', 'ANSWER_ID_REUSED');
    }
    if (!first.applied) {
      const lease = now();
      const claimed = await models.answers.findOneAndUpdate(
        { _id: first._id, applied: false, claimedAt: { $lt: new Date(lease.getTime() - CLAIM_LEASE_MS) } },
        { $set: { claimedAt: lease } },
        { new: true },
      ).lean();
      if (claimed) {
        const session = claimed.sessionId ? await models.sessions.findOne({ _id: new Types.ObjectId(claimed.sessionId), userId: claimed.userId }).lean() : null;
        await ctx.learnerLock.run(claimed.userId, () => applyAnswer(claimed, key, session));
      }
    }
    return { isCorrect: first.isCorrect, correctAnswer: key.correctAnswer, explanation: key.explanation };
  }

  /**
   * The effects of one recorded answer: mistakes, chapter progress, the review queue, the streak. Counts
   * (progress, session scores, totals) are derived from the answer records themselves, not kept here.
   */
  async function applyAnswer(record: AnswerRecordDoc, key: AnswerKey, session: QuizSessionDoc | null) {
    const { userId, isCorrect, createdAt: at } = record;
    const mistakeId = learnerKey(userId, record.questionId);
    const effects: Promise<unknown>[] = [];
    if (!isCorrect) {
      effects.push(upsertOne(models.mistakes, { _id: mistakeId }, {
        $setOnInsert: { userId, questionId: key.questionId, chapterId: key.chapterId, topicId: key.topicId, subjectId: key.subjectId, createdAt: at },
        $set: { lastWrongAt: at },
        $inc: { wrongCount: 1 },
      }));
    } else if (record.mode && MISTAKE_REVIEW_MODES.has(record.mode)) {
      effects.push(models.mistakes.deleteOne({ _id: mistakeId }));
    }
    effects.push(upsertOne(models.progress, { _id: learnerKey(userId, key.chapterId) }, {
      $setOnInsert: { userId, chapterId: key.chapterId, createdAt: at, firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null },
    }));
    // A topic quiz learns its chapter and subject from its first answer (for history and the event).
    if (session && !session.chapterId && session.mode === 'topic') {
      effects.push(models.sessions.updateOne({ _id: session._id, chapterId: null }, { $set: { chapterId: key.chapterId, subjectId: key.subjectId } }));
    }
    effects.push(scheduleInReviewQueue(userId, key.questionId, isCorrect, at));
    effects.push(ctx.activity.record(userId, at));
    await Promise.all(effects);
    await models.answers.updateOne({ _id: record._id }, { $set: { applied: true } });
  }

  async function scheduleInReviewQueue(userId: string, questionId: string, isCorrect: boolean, at: Date) {
    const _id = learnerKey(userId, questionId);
    const existing = await models.reviewCards.findById(_id).lean();
    const next = scheduleReview(existing, isCorrect, at);
    if (existing && next === existing) return;
    const { due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review } = next;
    await upsertOne(models.reviewCards, { _id }, { $set: { userId, questionId, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review } });
  }
}
