// A challenge and an attempt as the API shows them, assembled from their records: the challenge (written once),
// its uses (numbered entries), each finished attempt's decided result and claim.
import type { AttemptResult, Challenge, ChallengeIntro, ChallengeResult } from '@lp/contracts';
import type { ChallengeContext } from './context';
import { challengeStatus } from './domain/rules';
import { placesOf, winnerOf, type Standing } from './domain/winner';
import type { AttemptCompletion, AttemptDoc } from './models/attempt';
import type { ChallengeDoc } from './models/challenge';

/** At most this many results are listed with a challenge (the first ones). */
export const RESULTS_SHOWN = 50;

export const challengerNumbers = (c: ChallengeDoc) => ({
  challengerName: c.challengerName,
  challengerScore: c.challengerScore,
  challengerTime: c.challengerTime,
  challengerCorrectAnswers: c.challengerCorrectAnswers,
  challengerTotalQuestions: c.challengerTotalQuestions,
  challengerUntimed: c.challengerUntimed === true,
});

/** How the challenger and a player rank (domain/winner.ts): score, server-measured time, untimed mode. */
export const challengerStanding = (c: ChallengeDoc): Standing => ({ score: c.challengerScore, timeSpent: c.challengerTime, untimed: c.challengerUntimed === true });
export const playerStanding = (attempt: Pick<AttemptDoc, 'untimed'>, completion: AttemptCompletion): Standing =>
  ({ score: completion.score, timeSpent: completion.timeSpent, untimed: attempt.untimed === true });

export function introOf(c: ChallengeDoc, uses: number): ChallengeIntro {
  return {
    id: String(c._id), kind: c.kind, ...challengerNumbers(c), message: c.message,
    subjectName: c.subjectName ?? null, chapterName: c.chapterName ?? null, questionCount: c.questions.length,
    uses, maxUses: c.maxUses, expiresAt: c.expiresAt.toISOString(),
  };
}

export async function resultsOf(ctx: ChallengeContext, c: ChallengeDoc, uses: number, shown = RESULTS_SHOWN): Promise<ChallengeResult[]> {
  const attemptIds = await ctx.challenges.usedBy(String(c._id), Math.min(uses, shown));
  const rows = await Promise.all(attemptIds.map(async (id) => {
    const [attempt, completion] = await Promise.all([ctx.attempts.byId(id), ctx.attempts.completion(id)]);
    if (!attempt || !completion) return null; // its finish is still being written
    return {
      attemptId: id, name: attempt.name, score: completion.score, correctAnswers: completion.correctAnswers,
      totalQuestions: completion.totalQuestions, timeSpent: completion.timeSpent, completedAt: completion.completedAt,
      winner: winnerOf(challengerStanding(c), playerStanding(attempt, completion)), untimed: attempt.untimed === true,
      standing: playerStanding(attempt, completion),
    };
  }));
  const finished = rows.filter((r) => r !== null);
  // Places among the challenger and every listed player: accuracy first, time only between timed players.
  const places = placesOf([challengerStanding(c), ...finished.map((r) => r.standing)]).slice(1);
  return finished.map(({ standing: _standing, ...r }, i) => ({ ...r, place: places[i]! }) satisfies ChallengeResult);
}

export async function challengeView(ctx: ChallengeContext, c: ChallengeDoc, { shown = RESULTS_SHOWN } = {}): Promise<Challenge> {
  const uses = await ctx.challenges.uses(String(c._id));
  const results = await resultsOf(ctx, c, uses, shown);
  const first = results[0] ?? null;
  return {
    id: String(c._id),
    token: c.token,
    kind: c.kind,
    status: challengeStatus(c, results.length, ctx.now()),
    chapterId: c.chapterId,
    topicId: c.topicId,
    ...challengerNumbers(c),
    challengerId: c.challengerId,
    challengedId: c.challengedId,
    challengedName: c.challengedName,
    friendName: first?.name ?? null,
    friendScore: first?.score ?? null,
    friendTime: first?.timeSpent ?? null,
    friendCorrectAnswers: first?.correctAnswers ?? null,
    winner: first?.winner ?? null,
    results,
    message: c.message,
    questionCount: c.questions.length,
    uses,
    maxUses: c.maxUses,
    expiresAt: c.expiresAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
  };
}

export function attemptResultOf(c: ChallengeDoc, attempt: AttemptDoc, completion: AttemptCompletion, claimedBy: string | null): AttemptResult {
  return {
    attemptId: String(attempt._id),
    name: attempt.name,
    score: completion.score,
    correctAnswers: completion.correctAnswers,
    totalQuestions: completion.totalQuestions,
    timeSpent: completion.timeSpent,
    winner: winnerOf(challengerStanding(c), playerStanding(attempt, completion)),
    untimed: attempt.untimed === true,
    ...challengerNumbers(c),
    canClaim: attempt.userId === null && claimedBy === null,
    claimedBy,
    chapterId: c.chapterId,
  };
}
