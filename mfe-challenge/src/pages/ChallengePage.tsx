/**
 * /challenge/:id: a challenge as its creator or the friend it was sent to sees it (spec §2). Open: the friend
 * accepts it (POST /api/challenges/{id}/accept) and plays it at /c/{token}; completed: results side by side with the
 * winner. Every state links the whole chapter's quiz (/quiz/chapter/{chapterId}, spec §2), to practise before or
 * after. Loaded lazily; in the page's language (`i18n/mine-*.ts`, with the create dialog's texts).
 */
import { useEffect, useState } from 'react';
import type { Challenge } from '@lp/contracts';
import { Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { Link, navigate, statusOf, useUser } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { challengeApi } from '../api.ts';
import { heading } from '@lp/web-platform/heading';
import { useFormat } from '@lp/web-platform/format';
import { useMineT } from '../i18n/mine.ts';
import { SideBySide } from '../play/SideBySide.tsx';
import '../challenge.css';

export function ChallengePage({ params }: { params: { id?: string } }) {
  const { user, status } = useUser();
  const [state, setState] = useState<{ name: 'loading' } | { name: 'missing' } | { name: 'failed' } | { name: 'ready'; challenge: Challenge }>({ name: 'loading' });
  const [reload, setReload] = useState(0);
  const id = params.id;
  const t = useMineT();

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
  if (!id) body = <ErrorState title={t('page.invalidTitle')} message={t('page.invalidText')} />;
  else if (status !== 'loading' && !user) body = <ErrorState title={t('page.signInTitle')} message={t('page.signInText')} />;
  else if (state.name === 'loading') body = <Spinner label={t('page.loading')} />;
  else if (state.name === 'missing') body = <ErrorState title={t('page.notFoundTitle')} message={t('page.notFoundText')} />;
  else if (state.name === 'failed') body = <ErrorState message={t('page.loadFailed')} onRetry={() => setReload((n) => n + 1)} />;
  else body = <ChallengeView challenge={state.challenge} viewerId={user?.id ?? ''} onChanged={(challenge) => setState({ name: 'ready', challenge })} />;

  return (
    <PageFrame title={heading(t('page.title'))} width="narrow">
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
  const t = useMineT();
  const accept = () => {
    setBusy(true);
    setError(null);
    challengeApi.accept(c.id).then(
      // Finished or expired meanwhile (in another tab): show that instead of a link that no longer plays.
      (accepted) => (accepted.status === 'open' ? navigate(`/c/${accepted.token}`) : onChanged(accepted)),
      (e: unknown) => { setError(errorTextOf(e, t('page.startFailed'))); setBusy(false); },
    );
  };
  return (
    <>
      <div className="lp-challenge__actions"><Button onClick={accept} disabled={busy}>{busy ? t('page.starting') : t('page.take')}</Button></div>
      {error && <p className="lp-challenge__error" role="alert">{error}</p>}
    </>
  );
}

function ChallengeView({ challenge: c, viewerId, onChanged }: { challenge: Challenge; viewerId: string; onChanged: (c: Challenge) => void }) {
  const isFriend = c.challengedId === viewerId;
  const t = useMineT();
  const { formatDate } = useFormat();
  const first = c.results[0];
  if (c.status === 'completed' && first && c.winner) {
    return (
      <Card title={isFriend ? t('page.fromChallenger', { name: c.challengerName }) : t('page.yourResults')}>
        <SideBySide
          winner={c.winner}
          left={{ label: isFriend ? t('page.you') : t('page.friend'), name: first.name, score: first.score, correctAnswers: first.correctAnswers, totalQuestions: first.totalQuestions, timeSpent: first.timeSpent, untimed: first.untimed }}
          right={{ label: isFriend ? t('page.challenger') : t('page.you'), name: c.challengerName, score: c.challengerScore, correctAnswers: c.challengerCorrectAnswers, totalQuestions: c.challengerTotalQuestions, timeSpent: c.challengerTime, untimed: c.challengerUntimed }}
        />
        {c.results.length > 1 && (
          <>
            <h3>{t('page.everyone')}</h3>
            {/* In their places (accuracy first, time only between timed players); level players share a number. */}
            <ol>
              {[...c.results].sort((a, b) => (a.place ?? 0) - (b.place ?? 0)).map((r) => (
                <li key={r.attemptId} value={r.place}>{t('page.result', { name: r.name, score: r.score, n: r.correctAnswers, total: r.totalQuestions })}{r.winner === 'friend' ? t('page.beatYou') : ''}</li>
              ))}
            </ol>
          </>
        )}
        <ChapterQuizLink chapterId={c.chapterId}>{t('page.practise')}</ChapterQuizLink>
      </Card>
    );
  }
  if (c.status === 'expired') {
    return (
      <>
        <ErrorState title={t('page.expiredTitle')} message={t('page.expiredText', { date: formatDate(c.expiresAt) })} />
        <ChapterQuizLink chapterId={c.chapterId}>{t('page.practise')}</ChapterQuizLink>
      </>
    );
  }
  return (
    <Card title={isFriend ? t('page.challengedBy', { name: c.challengerName }) : t('page.waiting')}>
      {c.message && <p>{c.message}</p>}
      <p>{t('page.scored', { name: c.challengerName, score: c.challengerScore, n: c.challengerCorrectAnswers, total: c.challengerTotalQuestions, date: formatDate(c.expiresAt) })}</p>
      {isFriend ? (
        <AcceptButton challenge={c} onChanged={onChanged} />
      ) : (
        <p className="lp-quiz__hint">{t('page.nobodyYet', { link: `${window.location.origin}/c/${c.token}` })}</p>
      )}
      <ChapterQuizLink chapterId={c.chapterId}>{isFriend ? t('page.practiseFirst') : t('page.practise')}</ChapterQuizLink>
    </Card>
  );
}
