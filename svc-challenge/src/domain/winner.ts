// The winner rule (spec §4): the friend wins with a higher score, an equal score is a tie, otherwise the
// challenger stays champion.
import type { ChallengeWinner } from '@lp/contracts';

export function winnerOf(challengerScore: number, friendScore: number): ChallengeWinner {
  if (friendScore > challengerScore) return 'friend';
  if (friendScore === challengerScore) return 'tie';
  return 'challenger';
}
