/** Results side by side (spec §2, §4): you (or the friend) against the challenger, with the winner. */
import type { ChallengeWinner } from '@lp/contracts';
import { SUCCESS_SCORE } from '@lp/question-rules/rating';
import { clock, spokenDuration } from './format.ts';

export interface Side {
  label: string;
  name: string;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  timeSpent: number;
  /** Played in untimed mode (issue 33 §3): the time is neither shown nor compared. */
  untimed?: boolean;
}

const WINNER_TEXT = (left: string, right: string): Record<ChallengeWinner, string> => ({
  friend: `${left} won!`,
  tie: 'It\u2019s a tie!',
  challenger: `${right} stays the champion.`,
});

export function SideBySide({ left, right, winner }: { left: Side; right: Side; winner: ChallengeWinner }) {
  return (
    <div className="lp-challenge__results">
      <p className="lp-challenge__winner" role="status">{WINNER_TEXT(left.name, right.name)[winner]}</p>
      <div className="lp-challenge__sides">
        {[left, right].map((side) => (
          <section key={side.label} className="lp-challenge__side" aria-label={`${side.label}: ${side.name}`}>
            <h3>{side.label}</h3>
            <p className="lp-challenge__name">{side.name}</p>
            <dl>
              <dt>Score</dt>
              <dd className={side.score >= SUCCESS_SCORE ? 'lp-challenge__score lp-challenge__score--success' : 'lp-challenge__score'}>{side.score}%</dd>
              <dt>Correct answers</dt>
              <dd>{side.correctAnswers} of {side.totalQuestions}</dd>
              <dt>Time</dt>
              <dd>{side.untimed ? 'Untimed' : <><span aria-hidden="true">{clock(side.timeSpent)}</span><span className="lp-visually-hidden">{spokenDuration(side.timeSpent)}</span></>}</dd>
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
