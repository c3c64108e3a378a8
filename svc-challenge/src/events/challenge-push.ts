// A finished attempt at a challenge, pushed to the challenger's open tabs (issue 25 §3; @lp/contracts `push.ts`), so
// their challenges list shows the result without polling. Sent after the result is decided; best effort (bus.push
// never throws): the result is stored, and the list re-reads it when its stream (re)opens.
import type { ChallengeWinner } from '@lp/contracts';
import type { EventBus } from '@lp/service-kit';
import { winnerOf } from '../domain/winner';
import { challengerStanding, playerStanding } from '../views';
import type { AttemptCompletion, AttemptDoc } from '../models/attempt';
import type { ChallengeDoc } from '../models/challenge';

export function pushChallengeResult(bus: EventBus, c: ChallengeDoc, attempt: AttemptDoc, completion: AttemptCompletion) {
  const winner: ChallengeWinner = winnerOf(challengerStanding(c), playerStanding(attempt, completion));
  bus.push(c.challengerId, {
    type: 'challenge', challengeId: String(c._id), attemptId: String(attempt._id), friendName: attempt.name.slice(0, 100),
    score: completion.score, correctAnswers: completion.correctAnswers, totalQuestions: completion.totalQuestions, winner,
    completedAt: completion.completedAt,
  });
}
