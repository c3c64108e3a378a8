// POST /api/answers: scored here with the shared rules, recorded once per client answer id.
import { SubmitAnswer, type AnswerKey, type QuizMode } from '@lp/contracts';
import { isAnswerCorrect } from '@lp/question-rules';
import { addRoute, conflict, forbidden, notFound } from '@lp/service-kit';
import { Types } from 'mongoose';
import type { StudyContext } from '../../context';
import { istDay } from '../../domain/days';
import { scheduleReview } from '../../domain/review';
import type { AnswerRecordDoc } from '../../models/answer-record';
import { newChapter } from '../../models/learner';
import { isDuplicateKey, upsertOne } from '../../models/model';
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
        const session = claimed.sessionId ? await models.sessions.findById(new Types.ObjectId(claimed.sessionId)).lean() : null;
        await ctx.learnerLock.run(claimed.userId, () => applyAnswer(claimed, key, session));
      }
    }
    return { isCorrect: first.isCorrect, correctAnswer: key.correctAnswer, explanation: key.explanation };
  }

  /**
   * The effects of one recorded answer, run under the learner lock: the learner's counts, chapter progress,
   * mistakes and streak (one update of the learner document), the session's counts, the review queue.
   */
  async function applyAnswer(record: AnswerRecordDoc, key: AnswerKey, session: QuizSessionDoc | null) {
    const { userId, isCorrect, createdAt: at } = record;
    const qid = key.questionId;
    const cid = key.chapterId;
    const [learner, queue] = await Promise.all([ctx.learners.get(userId), models.reviewQueues.findById(userId).lean()]);

    const set: Record<string, unknown> = {};
    const inc: Record<string, number> = { totalQuestions: 1 };
    const unset: Record<string, ''> = {};
    if (learner.chapters[cid]) {
      inc[`chapters.${cid}.totalQuestions`] = 1;
      inc[`chapters.${cid}.questionsCorrect`] = isCorrect ? 1 : 0;
    } else {
      set[`chapters.${cid}`] = newChapter(at, 1, isCorrect ? 1 : 0);
    }
    if (!isCorrect) {
      set[`mistakes.${qid}`] = { chapterId: cid, topicId: key.topicId, subjectId: key.subjectId, wrongCount: (learner.mistakes[qid]?.wrongCount ?? 0) + 1, lastWrongAt: at };
    } else if (record.mode && MISTAKE_REVIEW_MODES.has(record.mode) && learner.mistakes[qid]) {
      unset[`mistakes.${qid}`] = '';
    }
    const writes: Promise<unknown>[] = [ctx.learners.update(userId, {
      $inc: inc,
      $addToSet: { activeDays: istDay(at) },
      ...(Object.keys(set).length ? { $set: set } : {}),
      ...(Object.keys(unset).length ? { $unset: unset } : {}),
    })];

    if (session) {
      writes.push(models.sessions.updateOne({ _id: session._id }, {
        $inc: { recordedAnswers: 1, recordedCorrect: isCorrect ? 1 : 0 },
        ...(isCorrect ? {} : { $addToSet: { wrongQuestionIds: qid } }),
        // A topic quiz learns its chapter and subject from its first answer (for history and the event).
        ...(!session.chapterId && session.mode === 'topic' ? { $set: { chapterId: cid, subjectId: key.subjectId } } : {}),
      }));
    }

    const card = queue?.cards?.[qid] ?? null;
    const next = scheduleReview(card, isCorrect, at);
    if (next !== card) writes.push(upsertOne(models.reviewQueues, { _id: userId }, { $set: { [`cards.${qid}`]: next } }));

    await Promise.all(writes);
    await models.answers.updateOne({ _id: record._id }, { $set: { applied: true } });
  }
}
