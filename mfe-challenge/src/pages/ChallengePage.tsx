/**
 * /challenge/:id: a challenge as its creator or the friend it was sent to sees it (spec §2). Open: the friend
 * takes the quiz (played at /c/{token}); completed: results side by side with the winner. Loaded lazily.
 */
import { useEffect, useState } from 'react';
import type { Challenge } from '@lp/contracts';
import { Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { navigate, statusOf, useUser } from '@lp/web-platform';
import { challengeApi } from '../api.ts';
import { heading } from '@lp/web-platform/heading';
import { dateText } from '../play/format.ts';
import { SideBySide } from '../play/SideBySide.tsx';
import '../challenge.css';

export function ChallengePage({ params }: { params: { id?: string } }) {
  const { user, status } = useUser();
  const [state, setState] = useState<{ name: 'loading' } | { name: 'missing' } | { name: 'failed' } | { name: 'ready'; challenge: Challenge }>({ name: 'loading' });
  const [reload, setReload] = useState(0);
  const id = params.id;

  useEffect(() => {
    if (!id || status === 'loading') return;
    let live = true;
    challengeApi.byId(id).then(
      (challenge) => live && setState({ name: 'ready', challenge }),
      (e: unknown) => live && setState(statusOf(e) === 404 || statusOf(e) === 400 ? { name: 'missing' } : { name: 'failed' }),
    );
    return () => { live = false; };
  }, [id, status, reload]);

  let body;
  if (!id) body = <ErrorState title="Invalid Challenge" message="This challenge link is missing its id." />;
  else if (status !== 'loading' && !user) body = <ErrorState title="Sign in to see this challenge" message="This challenge is shown to the friend it was sent to, after signing in." />;
  else if (state.name === 'loading') body = <Spinner label="Loading the challenge…" />;
  else if (state.name === 'missing') body = <ErrorState title="Challenge Not Found" message={'This challenge may have expired or doesn\u2019t exist.'} />;
  else if (state.name === 'failed') body = <ErrorState message="The challenge could not be loaded. Please try again." onRetry={() => setReload((n) => n + 1)} />;
  else body = <ChallengeView challenge={state.challenge} viewerId={user?.id ?? ''} />;

  return (
    <PageFrame title={heading('Challenge')} width="narrow">
      <div className="lp-challenge">{body}</div>
    </PageFrame>
  );
}

function ChallengeView({ challenge: c, viewerId }: { challenge: Challenge; viewerId: string }) {
  const isFriend = c.challengedId === viewerId;
  const first = c.results[0];
  if (c.status === 'completed' && first && c.winner) {
    return (
      <Card title={isFriend ? `Your challenge from ${c.challengerName}` : 'Your challenge results'}>
        <SideBySide
          winner={c.winner}
          left={{ label: isFriend ? 'You' : 'Friend', name: first.name, score: first.score, correctAnswers: first.correctAnswers, totalQuestions: first.totalQuestions, timeSpent: first.timeSpent }}
          right={{ label: isFriend ? 'Challenger' : 'You', name: c.challengerName, score: c.challengerScore, correctAnswers: c.challengerCorrectAnswers, totalQuestions: c.challengerTotalQuestions, timeSpent: c.challengerTime }}
        />
        {c.results.length > 1 && (
          <>
            <h3>Everyone who played</h3>
            <ol>
              {c.results.map((r) => (
                <li key={r.attemptId}>{r.name}: {r.score}% ({r.correctAnswers} of {r.totalQuestions}){r.winner === 'friend' ? ', beat your score' : ''}</li>
              ))}
            </ol>
          </>
        )}
      </Card>
    );
  }
  if (c.status === 'expired') return <ErrorState title="Challenge expired" message={`This challenge expired on ${dateText(c.expiresAt)}.`} />;
  return (
    <Card title={isFriend ? `You have been challenged by ${c.challengerName}` : 'Waiting for your friend'}>
      {c.message && <p>{c.message}</p>}
      <p>{c.challengerName} scored {c.challengerScore}% ({c.challengerCorrectAnswers} of {c.challengerTotalQuestions}). Expires on {dateText(c.expiresAt)}.</p>
      {isFriend ? (
        <div className="lp-challenge__actions"><Button onClick={() => navigate(`/c/${c.token}`)}>Take the Quiz</Button></div>
      ) : (
        <p className="lp-quiz__hint">Nobody has finished it yet. Share the link: {window.location.origin}/c/{c.token}</p>
      )}
    </Card>
  );
}
