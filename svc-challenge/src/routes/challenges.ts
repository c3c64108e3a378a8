// Creating challenges and reading them as their creator or the user a direct one was sent to.
// POST /api/challenges takes only a session id (and maxUses, or the friend and a message): the challenger's
// score, time, counts and questions come from svc-study's record of that finished session and svc-content's
// questions, never from the client.
import { AcceptChallenge, ChallengeBack, CreateChallenge, GetChallenge, ListMyChallenges, type Challenge, type ChallengeQuestion, type CreatedChallenge } from '@lp/contracts';
import { AppError, addRoute, forbidden } from '@lp/service-kit';
import { Types } from 'mongoose';
import type { ChallengeContext } from '../context';
import { expiresAtFrom, messageOf, newToken } from '../domain/rules';
import type { ChallengeDoc } from '../models/challenge';
import { challengeView } from '../views';

const NOT_FOUND_MESSAGE = 'Challenge not found.';
const notFound = () => new AppError(404, NOT_FOUND_MESSAGE, 'NOT_FOUND');
/** How many of a learner's sent and received challenges the dashboard lists. */
const LISTED = 20;

export async function challengeRoutes(ctx: ChallengeContext) {
  const { app, challenges } = ctx;

  async function mustBeSubscriber(user: { sub: string; role: string }) {
    if (user.role === 'owner') return;
    const e = await ctx.study.entitlement({ userId: user.sub });
    if (e.subscriptionStatus !== 'active') {
      throw forbidden('Challenging friends is part of Premium. Subscribe to challenge your friends.', 'NOT_ENTITLED');
    }
  }

  const created = (doc: ChallengeDoc): CreatedChallenge =>
    ({ id: String(doc._id), token: doc.token, kind: doc.kind, expiresAt: doc.expiresAt.toISOString(), maxUses: doc.maxUses });

  addRoute(app, CreateChallenge, async (request) => {
    const user = request.user!;
    const body = request.body;
    const direct = 'challengedId' in body ? body : null;
    if (direct && direct.challengedId === user.sub) throw new AppError(400, 'You cannot challenge yourself. Search for a friend\u2019s e-mail.', 'SELF_CHALLENGE');
    await mustBeSubscriber(user);

    const session = await ctx.study.sessionResult('sessionId' in body ? { sessionId: body.sessionId } : { userId: user.sub, topicId: body.topicId });
    if (!('sessionId' in body) && !session.found) {
      throw new AppError(409, 'Finish a quiz on this topic first: a challenge is made from your latest finished quiz of it.', 'NO_FINISHED_QUIZ');
    }
    if (!session.found || session.userId !== user.sub) throw new AppError(404, 'Quiz session not found.', 'NOT_FOUND');
    if (!session.completed) throw new AppError(409, 'Finish the quiz first: a challenge is made from a finished quiz.', 'SESSION_NOT_FINISHED');
    if (session.mode !== 'full' && session.mode !== 'topic') {
      throw new AppError(409, 'Challenges are made from a full chapter or topic quiz.', 'NOT_A_FULL_QUIZ');
    }
    const { questions: found, place } = session.questionIds.length > 0
      ? await ctx.content.challengeQuestions({ questionIds: session.questionIds })
      : { questions: [], place: null };
    const byId = new Map(found.map((q) => [q.id, q]));
    const questions: ChallengeQuestion[] = session.questionIds.flatMap((id) => {
      const q = byId.get(id);
      return q && q.text.trim() !== '' ? [{ id: q.id, text: q.text, type: q.type, options: q.options, figureReference: q.figureReference, ...(q.hi ? { hi: q.hi } : {}) }] : [];
    });
    if (questions.length === 0) throw new AppError(409, 'The questions of this quiz are no longer available.', 'NO_QUESTIONS');

    const createdAt = ctx.now();
    const [challengerName, challengedName, challengerUntimed] = await Promise.all([
      ctx.userNames.nameOf(user.sub), direct ? ctx.userNames.nameOf(direct.challengedId) : null, ctx.userNames.untimedOf(user.sub),
    ]);
    const name = challengerName ?? 'Your friend';
    const id = new Types.ObjectId();
    const doc: ChallengeDoc = {
      _id: id,
      token: newToken(),
      kind: direct ? 'direct' : 'link',
      challengerId: user.sub,
      challengerName: name,
      challengedId: direct?.challengedId ?? null,
      challengedName,
      sessionId: session.sessionId!,
      chapterId: session.chapterId,
      topicId: session.topicId,
      subjectName: place?.subjectName ?? null,
      chapterName: place?.chapterName ?? null,
      challengerScore: session.score,
      challengerTime: session.timeSpent,
      challengerCorrectAnswers: session.correctAnswers,
      challengerTotalQuestions: session.totalQuestions,
      challengerUntimed,
      questions,
      message: direct ? messageOf(direct.message, { name, score: session.score }) : null,
      // A direct challenge is one friend's: one use.
      maxUses: direct ? 1 : ('maxUses' in body ? body.maxUses ?? null : null),
      expiresAt: expiresAtFrom(createdAt),
      createdAt,
    };
    await challenges.create(doc);
    return created(doc);
  });

  /**
   * Challenge back (issue 31, item 14): the player of a finished attempt sends its challenger the same questions with
   * the player's own numbers. Which challenge answers an attempt is decided once (`backs`, a OnceLog), so a retry or
   * a second replica returns the same one; whoever finds it decided but not yet written writes it (a duplicate
   * insert from a racing twin is the same document).
   */
  addRoute(app, ChallengeBack, async (request) => {
    const user = request.user!;
    const attempt = await ctx.attempts.byId(request.params.attemptId);
    const aid = attempt ? String(attempt._id) : '';
    const [completion, claim] = attempt ? await Promise.all([ctx.attempts.completion(aid), ctx.attempts.claim(aid)]) : [null, null];
    const player = attempt?.userId ?? claim?.userId ?? null;
    if (!attempt || player !== user.sub) throw new AppError(404, 'This attempt was not found.', 'ATTEMPT_NOT_FOUND');
    const original = await challenges.byId(attempt.challengeId);
    if (!original || !completion) throw new AppError(409, 'Finish the challenge before challenging back.', 'NOT_FINISHED');
    await mustBeSubscriber(user);

    const decided = await challenges.decideBack(aid, { challengeId: String(new Types.ObjectId()), token: newToken() });
    const existing = await challenges.byId(decided.challengeId);
    if (existing) return created(existing);
    const createdAt = ctx.now();
    const name = (await ctx.userNames.nameOf(user.sub)) ?? attempt.name;
    const doc: ChallengeDoc = {
      _id: new Types.ObjectId(decided.challengeId),
      token: decided.token,
      kind: 'direct',
      challengerId: user.sub,
      challengerName: name,
      challengedId: original.challengerId,
      challengedName: original.challengerName,
      sessionId: null,
      backOf: aid,
      chapterId: original.chapterId,
      topicId: original.topicId,
      subjectName: original.subjectName ?? null,
      chapterName: original.chapterName ?? null,
      challengerScore: completion.score,
      challengerTime: completion.timeSpent,
      challengerCorrectAnswers: completion.correctAnswers,
      challengerTotalQuestions: completion.totalQuestions,
      challengerUntimed: attempt.untimed === true,
      questions: original.questions,
      message: messageOf(undefined, { name, score: completion.score }),
      maxUses: 1,
      expiresAt: expiresAtFrom(createdAt),
      createdAt,
    };
    await challenges.createDecided(doc);
    return created(doc);
  });

  /** The caller's challenge or one sent to the caller; 404 for any other (its existence is not revealed). */
  async function visible(id: string, userId: string): Promise<ChallengeDoc> {
    const c = await challenges.byId(id);
    if (!c || (c.challengerId !== userId && c.challengedId !== userId)) throw notFound();
    return c;
  }

  addRoute(app, GetChallenge, async (request) => challengeView(ctx, await visible(request.params.id, request.user!.sub)));

  addRoute(app, AcceptChallenge, async (request) => {
    const c = await visible(request.params.id, request.user!.sub);
    if (c.challengedId !== request.user!.sub) throw notFound();
    return challengeView(ctx, c);
  });

  async function listed(ids: string[]): Promise<Challenge[]> {
    const docs = await Promise.all(ids.map((id) => challenges.byId(id)));
    return Promise.all(docs.filter((d): d is NonNullable<typeof d> => d !== null).map((d) => challengeView(ctx, d, { shown: 10 })));
  }

  addRoute(app, ListMyChallenges, async (request) => {
    const userId = request.user!.sub;
    const [received, sent] = await Promise.all([
      challenges.latestReceived(userId, LISTED).then(listed), challenges.latestSent(userId, LISTED).then(listed),
    ]);
    return { received, sent };
  });
}
