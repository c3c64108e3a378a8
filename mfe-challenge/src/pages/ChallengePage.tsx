/**
 * /challenge/:id: a challenge as its creator or the friend it was sent to sees it (spec §2). Open: the friend
 * accepts it (POST /api/challenges/{id}/accept) and plays it at /c/{token}; completed: results side by side with the
 * winner. Every state links the whole chapter's quiz (/quiz/chapter/{chapterId}, spec §2), to practise before or
 * after. Loaded lazily.
 */
import { useEffect, useState } from 'react';
import type { Challenge } from '@lp/contracts';
import { Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { errorMessageOf, Link, navigate, statusOf, useUser } from '@lp/web-platform';
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
  else body = <ChallengeView challenge={state.challenge} viewerId={user?.id ?? ''} onChanged={(challenge) => setState({ name: 'ready', challenge })} />;

  return (
    <PageFrame title={heading('Challenge')} width="narrow">
      <div className="lp-challenge">{body}</div>
    </PageFrame>
  );
}

/** The chapter the challenge was played on, as a full chapter quiz. */
function ChapterQuizLink({ chapterId, children }: { chapterId: string | null; children: string }) {
  if (!chapterId) return null;
  return <p><Link to={`/quiz/chapter/${encodeURIComponent(chapterId)}`}>{children}</Link></p>;
}

/** Take the Quiz: the server confirms the caller is the friend it was sent to, then the quiz plays at its link. */
function AcceptButton({ challenge: c, onChanged }: { challenge: Challenge; onChanged: (c: Challenge) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = () => {
    setBusy(true);
    setError(null);
    challengeApi.accept(c.id).then(
      // Finished or expired meanwhile (in another tab): show that instead of a link that no longer plays.
      (accepted) => (accepted.status === 'open' ? navigate(`/c/${accepted.token}`) : onChanged(accepted)),
      (e: unknown) => { setError(errorMessageOf(e, 'The challenge could not be started. Please try again.')); setBusy(false); },
    );
  };
  return (
    <>
      <div className="lp-challenge__actions"><Button onClick={accept} disabled={busy}>{busy ? 'Starting…' : 'Take the Quiz'}</Button></div>
      {error && <p className="lp-challenge__error" role="alert">{error}</p>}
    </>
  );
}

function ChallengeView({ challenge: c, viewerId, onChanged }: { challenge: Challenge; viewerId: string; onChanged: (c: Challenge) => void }) {
  const isFriend = c.challengedId === viewerId;
  const first = c.results[0];
  if (c.status === 'completed' && first && c.winner) {
    return (
      <Card title={isFriend ? `Your challenge from ${c.challengerName}` : 'Your challenge results'}>
        <SideBySide
          winner={c.winner}
          left={{ label: isFriend ? 'You' : 'Friend', name: first.name, score: first.score, correctAnswers: first.correctAnswers, totalQuestions: first.totalQuestions, timeSpent: first.timeSpent, untimed: first.untimed }}
          right={{ label: isFriend ? 'Challenger' : 'You', name: c.challengerName, score: c.challengerScore, correctAnswers: c.challengerCorrectAnswers, totalQuestions: c.challengerTotalQuestions, timeSpent: c.challengerTime, untimed: c.challengerUntimed }}
        />
        {c.results.length > 1 && (
          <>
            <h3>Everyone who played</h3>
            {/* In their places (accuracy first, time only between timed players); level players share a number. */}
            <ol>
              {[...c.results].sort((a, b) => (a.place ?? 0) - (b.place ?? 0)).map((r) => (
                <li key={r.attemptId} value={r.place}>{r.name}: {r.score}% ({r.correctAnswers} of {r.totalQuestions}){r.winner === 'friend' ? ', beat your score' : ''}</li>
              ))}
            </ol>
          </>
        )}
        <ChapterQuizLink chapterId={c.chapterId}>Practise the whole chapter</ChapterQuizLink>
      </Card>
    );
  }
  if (c.status === 'expired') {
    return (
      <>
        <ErrorState title="Challenge expired" message={`This challenge expired on ${dateText(c.expiresAt)}.`} />
        <ChapterQuizLink chapterId={c.chapterId}>Practise the whole chapter</ChapterQuizLink>
      </>
    );
  }
  return (
    <Card title={isFriend ? `You have been challenged by ${c.challengerName}` : 'Waiting for your friend'}>
      {c.message && <p>{c.message}</p>}
      <p>{c.challengerName} scored {c.challengerScore}% ({c.challengerCorrectAnswers} of {c.challengerTotalQuestions}). Expires on {dateText(c.expiresAt)}.</p>
      {isFriend ? (
        <AcceptButton challenge={c} onChanged={onChanged} />
      ) : (
        <p className="lp-quiz__hint">Nobody has finished it yet. Share the link: {window.location.origin}/c/{c.token}</p>
      )}
      <ChapterQuizLink chapterId={c.chapterId}>{isFriend ? 'Practise the whole chapter first' : 'Practise the whole chapter'}</ChapterQuizLink>
    </Card>
  );
}
