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

const outcome = (c: Challenge) =>
  c.winner === 'friend' ? `${c.friendName} beat your score` : c.winner === 'tie' ? `${c.friendName} tied with you` : 'you stay the champion';

/** Memoised like StudyPanel: no props, so it renders again only for its own answer. */
export const ChallengesPanel = memo(function ChallengesPanel() {
  const mine = useMyChallenges();
  if (!mine.data) return null;
  const received = mine.data.received.filter((c) => c.status === 'open');
  const results = mine.data.sent.filter((c) => c.results.length > 0).slice(0, 5);
  if (received.length === 0 && results.length === 0) return null;
  return (
    <section aria-label="Challenges" className="lp-challenges">
      {received.map((c) => (
        <Card key={c.id} title={`You have been challenged by ${c.challengerName}`}>
          {c.message && <p>{c.message}</p>}
          <p>
            Score to beat: {c.challengerScore}% ({c.challengerCorrectAnswers} of {c.challengerTotalQuestions}).
          </p>
          <Button onClick={() => navigate(`/challenge/${c.id}`)} aria-label={`Open the challenge from ${c.challengerName}`}>Open the challenge</Button>
        </Card>
      ))}
      {results.length > 0 && (
        <Card title="Your challenges">
          <ul>
            {results.map((c) => (
              <li key={c.id}>
                <Link to={`/challenge/${c.id}`}>
                  {c.friendName}: {c.friendScore}% against your {c.challengerScore}%, {outcome(c)}
                </Link>
                {c.results.length > 1 && ` (${c.results.length} friends played)`}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
});
