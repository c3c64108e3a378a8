/** Results side by side (spec §2, §4): you (or the friend) against the challenger, with the winner. */
import type { ChallengeWinner } from '@lp/contracts';
import { SUCCESS_SCORE } from '@lp/question-rules/rating';
import { clock, useSpokenDuration } from './format.ts';
import { usePlayT } from '../i18n/play.ts';

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


export function SideBySide({ left, right, winner }: { left: Side; right: Side; winner: ChallengeWinner }) {
  const t = usePlayT();
  const spokenDuration = useSpokenDuration();
  const winnerText: Record<ChallengeWinner, string> = {
    friend: t('results.won', { name: left.name }),
    tie: t('results.tie'),
    challenger: t('results.champion', { name: right.name }),
  };
  return (
    <div className="lp-challenge__results">
      <p className="lp-challenge__winner" role="status">{winnerText[winner]}</p>
      <div className="lp-challenge__sides">
        {[left, right].map((side) => (
          <section key={side.label} className="lp-challenge__side" aria-label={`${side.label}: ${side.name}`}>
            <h3>{side.label}</h3>
            <p className="lp-challenge__name">{side.name}</p>
            <dl>
              <dt>{t('results.score')}</dt>
              <dd className={side.score >= SUCCESS_SCORE ? 'lp-challenge__score lp-challenge__score--success' : 'lp-challenge__score'}>{side.score}%</dd>
              <dt>{t('results.correct')}</dt>
              <dd>{t('results.nOfTotal', { n: side.correctAnswers, total: side.totalQuestions })}</dd>
              <dt>{t('results.time')}</dt>
              <dd>{side.untimed ? t('results.untimed') : <><span aria-hidden="true">{clock(side.timeSpent)}</span><span className="lp-visually-hidden">{spokenDuration(side.timeSpent)}</span></>}</dd>
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
