/**
 * /c/:token: play a shared challenge, with or without an account (spec §2, §4). The intro shows the challenger's
 * numbers; a guest gives a name; the attempt starts on the server, which returns the questions without answers
 * and a secret attempt key (kept in this tab's sessionStorage). Each answer is saved on the server (its note gets the
 * focus, then Next); right or wrong, the answer and the explanation of every question come with the results, once
 * the attempt is finished, so no attempt can read the keys for another. The timer is shown but never ends the
 * attempt. The results sit side by side, with each question's review; a guest can sign in to claim them.
 *
 * This page is in the remote's first chunk: keep it light (no extra libraries). Playing and the results are a
 * chunk of their own, fetched once an attempt exists: a guest's first paint is the intro only.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ChallengeIntro } from '@lp/contracts';
import { ErrorState, PageFrame, Spinner } from '@lp/ui';
import { errorCodeOf, errorMessageOf, statusOf } from '@lp/web-platform';
import { challengeApi } from '../api.ts';
import { loadAttempt, saveAttempt, type StoredAttempt } from '../play/attemptStore.ts';
import { Intro } from './challenge-link/Intro.tsx';
import { CHALLENGE_SUBTITLE, CHALLENGE_TITLE, HOW_IT_WORKS, NOT_FOUND_TEXT, NOT_FOUND_TITLE } from './challenge-link/texts.ts';
import '../challenge.css';

export * from './challenge-link/texts.ts';

const Play = lazy(() => import('./challenge-link/Play.tsx').then((m) => ({ default: m.Play })));
const Results = lazy(() => import('./challenge-link/Results.tsx').then((m) => ({ default: m.Results })));

type IntroState = { name: 'loading' } | { name: 'missing'; message: string } | { name: 'failed' } | { name: 'ready'; intro: ChallengeIntro };

export function ChallengeLinkPage({ params }: { params: { token?: string } }) {
  const token = params.token ?? '';
  const [state, setState] = useState<IntroState>({ name: 'loading' });
  const [attempt, setAttempt] = useState<StoredAttempt | null>(() => loadAttempt(token));
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ name: 'loading' });
    challengeApi.intro(token).then(
      (intro) => live && setState({ name: 'ready', intro }),
      (error: unknown) => {
        if (!live) return;
        // A link cut short or mistyped (400: not a token's shape) is as missing as an unknown one.
        const missing = statusOf(error) === 404 || statusOf(error) === 400;
        const message = errorCodeOf(error) === 'EXPIRED' ? errorMessageOf(error, NOT_FOUND_TEXT) : NOT_FOUND_TEXT;
        setState(missing ? { name: 'missing', message } : { name: 'failed' });
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
  else if (state.name === 'loading') body = <Spinner label="Loading the challenge…" />;
  else if (state.name === 'missing') body = <ErrorState title={NOT_FOUND_TITLE} message={state.message} />;
  else if (state.name === 'failed') body = <ErrorState message="The challenge could not be loaded. Please try again." onRetry={() => setReload((n) => n + 1)} />;
  else body = <Intro token={token} intro={state.intro} onStarted={update} />;

  // Before playing, the subtitle also says how it works: a guest may never have seen the product. It is the page's
  // largest text, and it is in the prerendered page (scripts/prerender.tsx), so a phone paints it first.
  const subtitle = attempt || state.name === 'missing' || state.name === 'failed' ? CHALLENGE_SUBTITLE : `${CHALLENGE_SUBTITLE} ${HOW_IT_WORKS}`;
  return (
    <PageFrame title={CHALLENGE_TITLE} subtitle={subtitle} width="narrow">
      <div className="lp-challenge">
        <Suspense fallback={<Spinner label="Loading the challenge…" />}>{body}</Suspense>
      </div>
    </PageFrame>
  );
}
