/** The challenge before playing: a name for a guest and Take the Quiz (starts the attempt), then the challenger's numbers. */
import { useRef, useState, type FormEvent } from 'react';
import type { ChallengeIntro } from '@lp/contracts';
import { Button, Card } from '@lp/ui';
import { errorMessageOf, useUser } from '@lp/web-platform';
import { guestChallengeApi } from '../../guest-api.ts';
import type { StoredAttempt } from '../../play/attemptStore.ts';
import { clock, dateText, spokenDuration } from '../../play/format.ts';
import { ATTEMPT_FAILED, NAME_REQUIRED } from './texts.ts';

/** `onWarm`: the player reached the start form (focus or a tap): fetch the play screen while they type. */
export function Intro({ token, intro, onStarted, onWarm }: { token: string; intro: ChallengeIntro; onStarted: (a: StoredAttempt) => void; onWarm?: () => void }) {
  const { signedIn, status, user } = useUser();
  const [name, setName] = useState('');
  // Untimed mode (extra time, issue 33 §3): a signed-in player's account setting, or the guest's choice here.
  const [untimed, setUntimed] = useState<boolean | null>(null);
  const untimedOn = untimed ?? user?.untimed === true;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn && name.trim().length < 2) {
      setError(NAME_REQUIRED);
      nameField.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const started = await guestChallengeApi.start(token, signedIn ? undefined : name.trim(), untimedOn);
      onStarted({ ...started, feedback: {}, index: 0, result: null });
    } catch (e) {
      setError(errorMessageOf(e, ATTEMPT_FAILED));
      setBusy(false);
    }
  };

  // The name and the start come before the numbers, so a phone shows them on the first screen (issue 31, item 13).
  return (
    <Card title={`${intro.challengerName} challenged you`}>
      {intro.chapterName && <p>{`${intro.subjectName} · ${intro.chapterName} · ${intro.questionCount} question${intro.questionCount === 1 ? '' : 's'}`}</p>}
      {intro.message && <p>{intro.message}</p>}
      <form onSubmit={(e) => void start(e)} onFocus={onWarm} onPointerDown={onWarm} noValidate>
        {!signedIn && status !== 'loading' && (
          <div className="lp-challenge__field">
            <label htmlFor="lp-guest-name">Your name</label>
            <input
              id="lp-guest-name" ref={nameField} value={name} maxLength={50} autoComplete="given-name"
              aria-invalid={error === NAME_REQUIRED} aria-describedby={error ? 'lp-start-error' : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
        )}
        <label className="lp-challenge__check">
          <input type="checkbox" checked={untimedOn} onChange={(e) => setUntimed(e.target.checked)} />
          Untimed mode: hide timers (your time never breaks a tie)
        </label>
        {error && <p id="lp-start-error" className="lp-challenge__error" role="alert">{error}</p>}
        <div className="lp-challenge__actions">
          <Button type="submit" disabled={busy}>{busy ? 'Starting…' : 'Take the Quiz'}</Button>
        </div>
      </form>
      <dl className="lp-challenge__facts">
        <div><dt>Their score</dt><dd>{intro.challengerScore}%</dd></div>
        <div><dt>Correct answers</dt><dd>{intro.challengerCorrectAnswers} of {intro.challengerTotalQuestions}</dd></div>
        <div><dt>Their time</dt><dd>{intro.challengerUntimed ? 'Untimed' : <><span aria-hidden="true">{clock(intro.challengerTime)}</span><span className="lp-visually-hidden">{spokenDuration(intro.challengerTime)}</span></>}</dd></div>
        <div><dt>Questions</dt><dd>{intro.questionCount}</dd></div>
        <div><dt>Played</dt><dd>{intro.uses} / {intro.maxUses ?? <span aria-label="unlimited">∞</span>}</dd></div>
        <div><dt>Expires</dt><dd>{dateText(intro.expiresAt)}</dd></div>
      </dl>
    </Card>
  );
}
