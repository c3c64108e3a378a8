/**
 * "Challenge back" on a played challenge's results (issue 31, item 14): the same questions go to the challenger with
 * the player's score. A guest signs in (or signs up) first and comes back to the link with `?then=challenge-back`: the
 * result is claimed (Results does that), then the challenge is sent without a second tap. Challenges are Premium
 * (spec §6): a free learner is told so, with the way to subscribe.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@lp/ui';
import { errorCodeOf, Link, loginUrl, useUser } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { challengeApi } from '../../api.ts';
import { useI18n } from '@lp/web-platform/i18n';
import { usePlayT } from '../../i18n/play.ts';

export const CHALLENGE_BACK_INTENT = 'then=challenge-back';

type State = { name: 'idle' } | { name: 'sending' } | { name: 'sent' } | { name: 'premium'; message: string } | { name: 'failed'; message: string };

/** `ready`: the result belongs to the signed-in player (played signed in, or claimed). */
export function ChallengeBack({ token, attemptId, challengerName, ready }: { token: string; attemptId: string; challengerName: string; ready: boolean }) {
  const { signedIn } = useUser();
  const [state, setState] = useState<State>({ name: 'idle' });
  const resumed = useRef(false);
  const t = usePlayT();
  const language = useI18n((s) => s.language);

  const send = async () => {
    setState({ name: 'sending' });
    try {
      await challengeApi.challengeBack(attemptId);
      setState({ name: 'sent' });
    } catch (e) {
      // A Hindi reader of the premium refusal gets the page's own words (they say what challenging back needs).
      const premium = errorCodeOf(e) === 'NOT_ENTITLED';
      const message = premium && language !== 'en' ? t('back.premium') : errorTextOf(e, t('back.failed'));
      setState(premium ? { name: 'premium', message } : { name: 'failed', message });
    }
  };

  // Back from signing in to challenge back: once the result is the player's, send it.
  useEffect(() => {
    if (resumed.current || !signedIn || !ready || !window.location.search.includes(CHALLENGE_BACK_INTENT)) return;
    resumed.current = true;
    window.history.replaceState(window.history.state, '', `/c/${token}`);
    void send();
  }, [signedIn, ready]);

  const start = () => {
    if (signedIn) void send();
    else window.location.assign(loginUrl(`/c/${token}?${CHALLENGE_BACK_INTENT}`));
  };

  if (state.name === 'sent') return <p role="status" className="lp-challenge__congrats">{t('back.sent', { name: challengerName })}</p>;
  return (
    <>
      <Button onClick={start} disabled={state.name === 'sending' || (signedIn && !ready)}>
        {state.name === 'sending' ? t('back.sending') : t('back.button', { name: challengerName })}
      </Button>
      {state.name === 'premium' && (
        <p role="alert" className="lp-challenge__error">
          {state.message} <Link to="/subscribe">{t('back.seePremium')}</Link>
        </p>
      )}
      {state.name === 'failed' && <p role="alert" className="lp-challenge__error">{state.message}</p>}
    </>
  );
}
