// A finished attempt at a challenge, pushed to the challenger's open tabs (issue 25 §3; @lp/contracts `push.ts`), so
// their challenges list shows the result without polling. Sent after challenge.attempt.completed is published; best
// effort (bus.push never throws): the result is stored, and the list re-reads it when its stream (re)opens.
import type { AttemptCompleted } from '@lp/contracts';
import type { EventBus } from '@lp/service-kit';

export function pushChallengeResult(bus: EventBus, attempt: AttemptCompleted, completedAt: string) {
  bus.push(attempt.challengerId, {
    type: 'challenge', challengeId: attempt.challengeId, attemptId: attempt.attemptId, friendName: attempt.friendName.slice(0, 100),
    score: attempt.score, correctAnswers: attempt.correctAnswers, totalQuestions: attempt.totalQuestions, winner: attempt.winner, completedAt,
  });
}
