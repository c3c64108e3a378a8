// The ranking rule (spec §4, issue 33 §3): accuracy first for everyone. An equal score is decided by time only
// between two timed players (the faster one ranks ahead); a player in untimed mode (extra time) is never ranked
// on time, so their equal score is a shared place.
import type { ChallengeWinner } from '@lp/contracts';

/** What ranks one player: the score, the seconds the server measured, and whether they played untimed. */
export interface Standing {
  score: number;
  timeSpent: number;
  untimed: boolean;
}

/** Negative when `a` ranks ahead of `b`, positive when behind, 0 for a shared place. */
export function compareStandings(a: Standing, b: Standing): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.untimed || b.untimed) return 0;
  return a.timeSpent - b.timeSpent;
}

/** The friend wins by ranking ahead, a shared place is a tie, otherwise the challenger stays champion. */
export function winnerOf(challenger: Standing, friend: Standing): ChallengeWinner {
  const order = compareStandings(friend, challenger);
  if (order < 0) return 'friend';
  if (order === 0) return 'tie';
  return 'challenger';
}

/**
 * Each player's place (1 = first): one more than the number of players ranked strictly ahead, so players who
 * share a place share its number (an untimed player level on score with two timed ones shares the better place).
 */
export function placesOf(standings: readonly Standing[]): number[] {
  return standings.map((s) => 1 + standings.filter((other) => compareStandings(other, s) < 0).length);
}
