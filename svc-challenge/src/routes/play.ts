// Playing a challenge by its link, with or without an account. No key is read before the player's scored attempt
// is finished (an unfinished attempt must not read the keys for the next one):
// - one attempt per player and challenge (a signed-in user, or a guest's browser by the id this service issued it),
//   decided by a unique insert; starting returns its id, a secret key (only its hash is stored) and the questions
//   without keys;
// - each answer is sent to the attempt with the key and recorded here (the first per question counts), only while
//   the challenge can be played; it says nothing of right or wrong;
// - finishing decides the result once and takes one numbered use (at most maxUses, however many finish at once);
//   its answer carries every question's review (right or wrong, the answer, the explanation), and
//   GET …/question/:id/answer gives one again, only for the caller's finished attempt;
// - a guest who signs in claims the result once.
import {
  AnswerChallengeQuestion, ClaimChallengeAttempt, FinishChallengeAttempt, GetChallengeByToken, GetChallengeQuestionAnswer,
  StartChallengeAttempt, type AttemptResult, type QuestionReview,
} from '@lp/contracts';
import { AppError, addRoute, badRequest, visitorKey } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Types } from 'mongoose';
import type { ChallengeContext } from '../context';
import { attemptScore, expiredMessage, guestNameOf, hashKey, keyMatches, linkState, newAttemptKey, scoreAnswer, secondsBetween } from '../domain/rules';
import type { AttemptCompletion, AttemptDoc } from '../models/attempt';
import type { ChallengeDoc } from '../models/challenge';
import { attemptResultOf, introOf } from '../views';
import { pushChallengeResult } from '../events/challenge-push';
import { guestBrowserOf } from './guest-browser';

/** Spec §8, word for word. */
export const CHALLENGE_NOT_FOUND = 'Challenge Not Found. This challenge may have expired or doesn\u2019t exist.';
export const NAME_REQUIRED = 'Name Required, Please enter your name to start the challenge.';
export const ALREADY_PLAYED = 'You have already started this challenge: each player gets one attempt.';

const notFound = (code = 'NOT_FOUND') => new AppError(404, CHALLENGE_NOT_FOUND, code);
const attemptNotFound = () => new AppError(404, 'This attempt was not found. Start the challenge again.', 'ATTEMPT_NOT_FOUND');

export async function playRoutes(ctx: ChallengeContext) {
  const { app, challenges, attempts } = ctx;

  async function byToken(token: string): Promise<ChallengeDoc> {
    const c = await challenges.byToken(token);
    if (!c) throw notFound();
    return c;
  }

  /** A challenge that can still be played now, with its uses so far. */
  async function playable(token: string) {
    const c = await byToken(token);
    const uses = await challenges.uses(String(c._id));
    const state = linkState(c, uses, ctx.now());
    if (state === 'expired') throw new AppError(404, expiredMessage(c.expiresAt), 'EXPIRED');
    if (state === 'used-up') throw notFound('USED_UP');
    return { c, uses };
  }

  /** The caller's attempt on this challenge, proven by its key. */
  async function attemptOf(c: ChallengeDoc, attemptId: string, key: string | undefined): Promise<AttemptDoc> {
    const attempt = await attempts.byId(attemptId);
    if (!attempt || attempt.challengeId !== String(c._id) || !key || !keyMatches(key, attempt.keyHash)) throw attemptNotFound();
    return attempt;
  }

  /**
   * Start limits: per link; per client (a signed-in user, or a guest's browser by the id this service issued it);
   * and, for guests, per address with a higher ceiling, so a classroom behind one address is not capped at one
   * client's share and a guest who drops the cookie still meets a limit.
   */
  async function admitStart(request: FastifyRequest, reply: FastifyReply, token: string): Promise<string> {
    const hits = [await ctx.startLimits.hitLink(token)];
    let player = visitorKey(request);
    if (request.user) hits.push(await ctx.startLimits.hitClient(player));
    else {
      hits.push(await ctx.startLimits.hitAddress(player));
      if (hits.every((h) => h.allowed)) {
        player = `browser:${await guestBrowserOf(ctx.browsers, app.config.production, request, reply)}`;
        hits.push(await ctx.startLimits.hitClient(player));
      }
    }
    const refused = hits.filter((h) => !h.allowed);
    if (refused.length === 0) return player;
    reply.header('retry-after', String(Math.ceil(Math.max(...refused.map((h) => h.retryAfterMs)) / 1000)));
    throw new AppError(429, 'Too many attempts were started from here. Please wait a while and try again.', 'RATE_LIMITED');
  }

  addRoute(app, GetChallengeByToken, async (request) => {
    const { c, uses } = await playable(request.params.token);
    return introOf(c, uses);
  });

  addRoute(app, StartChallengeAttempt, async (request, reply) => {
    const { c } = await playable(request.params.token);
    const user = request.user;
    if (c.kind === 'direct' && user?.sub !== c.challengedId) throw notFound();
    if (user && user.sub === c.challengerId) throw new AppError(409, 'This is your own challenge: share the link with a friend.', 'OWN_CHALLENGE');
    const guestName = user ? null : guestNameOf(request.body.guestName);
    if (!user && !guestName) throw badRequest(NAME_REQUIRED, 'NAME_REQUIRED');

    const player = await admitStart(request, reply, c.token);

    const name = user ? (await ctx.userNames.nameOf(user.sub)) ?? 'A friend' : guestName!;
    // Untimed mode is the player's own choice: the start form's, else a signed-in player's profile setting.
    const untimed = request.body.untimed ?? (user ? await ctx.userNames.untimedOf(user.sub) : false);
    const key = newAttemptKey();
    const attempt: AttemptDoc = {
      _id: new Types.ObjectId(), challengeId: String(c._id), userId: user?.sub ?? null, guestName, name, keyHash: hashKey(key), startedAt: ctx.now(), untimed,
    };
    // The player's one attempt: a second start (another tab, or after seeing the answers) gets none.
    if (!(await attempts.start(attempt, player))) {
      throw new AppError(409, ALREADY_PLAYED, 'ALREADY_PLAYED');
    }
    return { attemptId: String(attempt._id), attemptKey: key, name, startedAt: attempt.startedAt.toISOString(), untimed, questions: c.questions };
  });

  /** Keys from svc-content, scored with the shared question rules. */
  async function keysOf(questionIds: string[]) {
    const { keys } = await ctx.content.answerKeys({ questionIds });
    return new Map(keys.map((k) => [k.questionId, k]));
  }
  async function keyOf(questionId: string) {
    const key = (await keysOf([questionId])).get(questionId);
    if (!key) throw new AppError(409, 'This question is no longer available.', 'QUESTION_GONE');
    return key;
  }

  addRoute(app, AnswerChallengeQuestion, async (request) => {
    // Only while the challenge can be played: a used-up or expired one takes no answers (nor scores them).
    const { c } = await playable(request.params.token);
    const { attemptKey, questionId, answer } = request.body;
    const attempt = await attemptOf(c, request.params.attemptId, attemptKey);
    if (!c.questions.some((q) => q.id === questionId)) throw new AppError(409, 'This question is not part of the challenge.', 'QUESTION_NOT_IN_CHALLENGE');
    const scored = scoreAnswer(await keyOf(questionId), answer);
    const aid = String(attempt._id);
    // The first answer to a question counts, and none after the attempt finished. Right or wrong is not said here.
    if (await attempts.completion(aid)) return { counted: false };
    return { counted: await attempts.recordAnswer(aid, questionId, { answer, isCorrect: scored.isCorrect, at: ctx.now() }) };
  });

  addRoute(app, GetChallengeQuestionAnswer, async (request) => {
    const c = await byToken(request.params.token);
    const header = (name: string) => { const v = request.headers[name]; return Array.isArray(v) ? v[0] : v; };
    const attempt = await attemptOf(c, header('x-attempt-id') ?? '', header('x-attempt-key'));
    if (!(await attempts.completion(String(attempt._id)))) throw new AppError(409, 'Finish the challenge to see its answers.', 'NOT_FINISHED');
    if (!c.questions.some((q) => q.id === request.params.id)) throw new AppError(404, 'This question is not part of the challenge.', 'NOT_IN_CHALLENGE');
    const [answered] = await attempts.firstAnswers(String(attempt._id), [request.params.id]);
    const { correctAnswer, correctIndex, explanation } = scoreAnswer(await keyOf(request.params.id), answered?.answer ?? '');
    return { correctAnswer, correctIndex, explanation };
  });

  /** Every question of a finished attempt: its first answer judged, with the right answer and explanation. */
  async function reviewOf(c: ChallengeDoc, attempt: AttemptDoc): Promise<QuestionReview[]> {
    const aid = String(attempt._id);
    const ids = c.questions.map((q) => q.id);
    const [keys, firsts] = await Promise.all([keysOf(ids), attempts.firstAnswers(aid, ids)]);
    return ids.flatMap((qid, i) => {
      const key = keys.get(qid);
      if (!key) return [];
      const first = firsts[i];
      const { correctAnswer, correctIndex, explanation } = scoreAnswer(key, first?.answer ?? '');
      return [{ questionId: qid, answered: Boolean(first), isCorrect: first?.isCorrect === true, correctAnswer, correctIndex, explanation }];
    });
  }

  async function resultOf(c: ChallengeDoc, attempt: AttemptDoc, completion: AttemptCompletion): Promise<AttemptResult> {
    const claim = await attempts.claim(String(attempt._id));
    return attemptResultOf(c, attempt, completion, claim?.userId ?? null);
  }

  addRoute(app, FinishChallengeAttempt, async (request) => {
    const c = await byToken(request.params.token);
    const attempt = await attemptOf(c, request.params.attemptId, request.body.attemptKey);
    const aid = String(attempt._id);
    const done = await attempts.completion(aid);
    if (done) {
      pushChallengeResult(app.bus, c, attempt, done);
      return { ...(await resultOf(c, attempt, done)), review: await reviewOf(c, attempt) };
    }

    const questionIds = c.questions.map((q) => q.id);
    const firsts = await attempts.firstAnswers(aid, questionIds);
    const score = attemptScore(questionIds, new Map(questionIds.flatMap((qid, i) => (firsts[i] ? [[qid, firsts[i]!.isCorrect] as const] : []))));
    const at = ctx.now();
    // One numbered use per attempt (its ref is the attempt), at most maxUses: a retry gets its own number back. The
    // result is decided once; no event announces it (docs/events.md: nobody consumed one), so a finish that dies
    // half-way leaves nothing to relay and its retry completes it.
    const use = await challenges.takeUse(String(c._id), aid, { max: c.maxUses, at });
    if (use === null) throw notFound('USED_UP');
    const completion = await attempts.complete(aid, {
      ...score, timeSpent: secondsBetween(attempt.startedAt, at), completedAt: at.toISOString(), use,
    });
    pushChallengeResult(app.bus, c, attempt, completion);
    return { ...(await resultOf(c, attempt, completion)), review: await reviewOf(c, attempt) };
  });

  addRoute(app, ClaimChallengeAttempt, async (request) => {
    const userId = request.user!.sub;
    const attempt = await attempts.byId(request.params.attemptId);
    if (!attempt || !keyMatches(request.body.attemptKey, attempt.keyHash)) throw attemptNotFound();
    const c = await challenges.byId(attempt.challengeId);
    const completion = await attempts.completion(String(attempt._id));
    if (!c || !completion) throw new AppError(409, 'Finish the challenge before claiming its result.', 'NOT_FINISHED');
    if (attempt.userId !== null) throw new AppError(409, 'This result already belongs to an account.', 'ALREADY_CLAIMED');
    if (c.challengerId === userId) throw new AppError(409, 'This is your own challenge: a friend\u2019s result cannot be claimed by you.', 'OWN_CHALLENGE');
    const claim = await attempts.decideClaim(String(attempt._id), { userId, claimedAt: ctx.now().toISOString() });
    if (claim.userId !== userId) throw new AppError(409, 'This result already belongs to an account.', 'ALREADY_CLAIMED');
    return attemptResultOf(c, attempt, completion, claim.userId);
  });
}
