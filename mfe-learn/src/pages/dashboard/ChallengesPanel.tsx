/**
 * The dashboard's challenges (spec §2): "You have been challenged by …" cards for open direct challenges sent to
 * the learner (Open the challenge: /challenge/{id}, where the learner accepts it or practises its chapter first), and
 * the learner's own challenges with friends' results.
 */
import { memo } from 'react';
import type { Challenge } from '@lp/contracts';
import { Button, Card } from '@lp/ui';
import { Link, navigate } from '@lp/web-platform';
import { useMyChallenges } from '../../api/index.ts';
import { t as translate, useT } from '../../i18n/dashboard/index.ts';

const outcome = (c: Challenge) =>
  c.winner === 'friend' ? translate('dashboard.friendWon', { friend: String(c.friendName) }) : c.winner === 'tie' ? translate('dashboard.friendTied', { friend: String(c.friendName) }) : translate('dashboard.stayChampion');

/** Memoised like StudyPanel: no props, so it renders again only for its own answer. */
export const ChallengesPanel = memo(function ChallengesPanel() {
  const mine = useMyChallenges();
  const t = useT();
  if (!mine.data) return null;
  const received = mine.data.received.filter((c) => c.status === 'open');
  const results = mine.data.sent.filter((c) => c.results.length > 0).slice(0, 5);
  if (received.length === 0 && results.length === 0) return null;
  return (
    <section aria-label={t('dashboard.challenges')} className="lp-challenges">
      {received.map((c) => (
        <Card key={c.id} title={t('dashboard.challengedBy', { name: c.challengerName })}>
          {c.message && <p>{c.message}</p>}
          <p>
            {t('dashboard.scoreToBeat', { score: String(c.challengerScore), correct: String(c.challengerCorrectAnswers), total: String(c.challengerTotalQuestions) })}
          </p>
          <Button onClick={() => navigate(`/challenge/${c.id}`)} aria-label={t('dashboard.openChallengeLabel', { name: c.challengerName })}>{t('dashboard.openChallenge')}</Button>
        </Card>
      ))}
      {results.length > 0 && (
        <Card title={t('dashboard.yourChallenges')}>
          <ul>
            {results.map((c) => (
              <li key={c.id}>
                <Link to={`/challenge/${c.id}`}>
                  {t('dashboard.challengeResult', { friend: String(c.friendName), friendScore: String(c.friendScore), score: String(c.challengerScore), outcome: outcome(c) })}
                </Link>
                {c.results.length > 1 && t('dashboard.friendsPlayed', { count: String(c.results.length) })}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
});
