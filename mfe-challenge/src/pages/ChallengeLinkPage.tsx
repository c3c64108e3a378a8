/**
 * /c/:token: play a shared challenge, with or without an account (spec §2, §4). The intro shows the challenger's
 * numbers; a guest gives a name; the attempt starts on the server, which returns the questions without answers
 * and a secret attempt key (kept in this tab's sessionStorage). Each answer is saved on the server (its note gets the
 * focus, then Next); right or wrong, the answer and the explanation of every question come with the results, once
 * the attempt is finished, so no attempt can read the keys for another. The timer is shown but never ends the
 * attempt. The results sit side by side, with each question's review; a guest can sign in to claim them.
 *
 * This page is in the remote's first chunk: keep it light (no extra libraries); play and results load on the way.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ChallengeIntro } from '@lp/contracts';
import { ErrorState, PageFrame, Spinner } from '@lp/ui';
import { errorCodeOf, statusOf } from '@lp/web-platform';
import { guestChallengeApi } from '../guest-api.ts';
import { errorTextLater } from '@lp/web-platform/error-text-later';
import { loadAttempt, saveAttempt, type StoredAttempt } from '../play/attemptStore.ts';
import { Intro } from './challenge-link/Intro.tsx';
import { heading } from '@lp/web-platform/heading';
import { t, useT } from '../i18n/index.ts';
import '../challenge.css';

export * from './challenge-link/texts.ts';

/** Playing is not needed for the first paint: its chunk loads when the player reaches the start form. */
const loadPlaying = () => import('./challenge-link/playing.ts');
const Play = lazy(() => loadPlaying().then((m) => ({ default: m.Play })));
const Results = lazy(() => loadPlaying().then((m) => ({ default: m.Results })));

type IntroState = { name: 'loading' } | { name: 'missing'; message: string } | { name: 'failed' } | { name: 'ready'; intro: ChallengeIntro };

export function ChallengeLinkPage({ params }: { params: { token?: string } }) {
  const token = params.token ?? '';
  const [state, setState] = useState<IntroState>({ name: 'loading' });
  const [attempt, setAttempt] = useState<StoredAttempt | null>(() => loadAttempt(token));
  const [reload, setReload] = useState(0);
  const tr = useT();

  useEffect(() => {
    let live = true;
    setState({ name: 'loading' });
    guestChallengeApi.intro(token).then(
      (intro) => live && setState({ name: 'ready', intro }),
      (error: unknown) => {
        if (!live) return;
        // A link cut short or mistyped (400: not a token's shape) is as missing as an unknown one.
        const missing = statusOf(error) === 404 || statusOf(error) === 400;
        if (!missing) return setState({ name: 'failed' });
        // An expired link says when it expired (in the page's language); any other missing link, the page's text.
        if (errorCodeOf(error) !== 'EXPIRED') return setState({ name: 'missing', message: t('link.notFoundText') });
        void errorTextLater(error, t('link.notFoundText')).then((message) => live && setState({ name: 'missing', message }));
      },
    );
    return () => { live = false; };
  }, [token, reload]);

  const update = (next: StoredAttempt | null) => {
    saveAttempt(token, next);
    setAttempt(next);
  };

  let body;
  if (attempt?.result) body = <Results token={token} attempt={attempt} result={attempt.result} onChange={update} />;
  else if (attempt) body = <Play token={token} attempt={attempt} onChange={update} />;
  else if (state.name === 'loading') body = <Spinner label={tr('link.loading')} />;
  else if (state.name === 'missing') body = <ErrorState title={tr('link.notFoundTitle')} message={state.message} />;
  else if (state.name === 'failed') body = <ErrorState message={tr('link.loadFailed')} onRetry={() => setReload((n) => n + 1)} />;
  else body = <Intro token={token} intro={state.intro} onStarted={update} onWarm={() => void loadPlaying()} />;

  // Before playing, the subtitle also says how it works: a guest may never have seen the product. It is the page's
  // largest text, and it is in the prerendered page (scripts/prerender.tsx), so a phone paints it first.
  const subtitle = attempt || state.name === 'missing' || state.name === 'failed' ? tr('link.subtitle') : `${tr('link.subtitle')} ${tr('link.howItWorks')}`;
  return (
    <PageFrame title={heading(tr('link.title'))} subtitle={subtitle} width="narrow">
      <div className="lp-challenge"><Suspense fallback={<Spinner label={tr('link.loadingQuiz')} />}>{body}</Suspense></div>
    </PageFrame>
  );
}
