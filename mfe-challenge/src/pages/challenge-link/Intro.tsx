/** The challenge before playing: a name for a guest and Take the Quiz (starts the attempt), then the challenger's numbers. */
import { useRef, useState, type FormEvent } from 'react';
import type { ChallengeIntro } from '@lp/contracts';
import { Button, Card } from '@lp/ui';
import { useUser } from '@lp/web-platform';
import { guestChallengeApi } from '../../guest-api.ts';
import { errorTextLater } from '@lp/web-platform/error-text-later';
import type { StoredAttempt } from '../../play/attemptStore.ts';
import { clock, dateText, useSpokenDuration } from '../../play/format.ts';
import { useI18n } from '@lp/web-platform/i18n';
import { useT } from '../../i18n/index.ts';

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
  const t = useT();
  const spokenDuration = useSpokenDuration();
  const language = useI18n((s) => s.language);
  const nameRequired = t('intro.nameRequired');

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn && name.trim().length < 2) {
      setError(nameRequired);
      nameField.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const started = await guestChallengeApi.start(token, signedIn ? undefined : name.trim(), untimedOn);
      onStarted({ ...started, feedback: {}, index: 0, result: null });
    } catch (e) {
      setError(await errorTextLater(e, t('intro.attemptFailed')));
      setBusy(false);
    }
  };

  // The name and the start come before the numbers, so a phone shows them on the first screen (issue 31, item 13).
  return (
    <Card title={t('intro.challenged', { name: intro.challengerName })}>
      {intro.chapterName && <p>{t('intro.about', { subject: intro.subjectName ?? '', chapter: intro.chapterName, count: intro.questionCount })}</p>}
      {intro.message && <p>{intro.message}</p>}
      <form onSubmit={(e) => void start(e)} onFocus={onWarm} onPointerDown={onWarm} noValidate>
        {!signedIn && status !== 'loading' && (
          <div className="lp-challenge__field">
            <label htmlFor="lp-guest-name">{t('intro.yourName')}</label>
            <input
              id="lp-guest-name" ref={nameField} value={name} maxLength={50} autoComplete="given-name"
              aria-invalid={error === nameRequired} aria-describedby={error ? 'lp-start-error' : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
        )}
        <label className="lp-challenge__check">
          <input type="checkbox" checked={untimedOn} onChange={(e) => setUntimed(e.target.checked)} />
          {t('intro.untimedMode')}
        </label>
        {error && <p id="lp-start-error" className="lp-challenge__error" role="alert">{error}</p>}
        <div className="lp-challenge__actions">
          <Button type="submit" disabled={busy}>{busy ? t('intro.starting') : t('intro.take')}</Button>
        </div>
      </form>
      <dl className="lp-challenge__facts">
        <div><dt>{t('intro.theirScore')}</dt><dd>{intro.challengerScore}%</dd></div>
        <div><dt>{t('intro.correct')}</dt><dd>{t('intro.nOfTotal', { n: intro.challengerCorrectAnswers, total: intro.challengerTotalQuestions })}</dd></div>
        <div><dt>{t('intro.theirTime')}</dt><dd>{intro.challengerUntimed ? t('intro.untimed') : <><span aria-hidden="true">{clock(intro.challengerTime)}</span><span className="lp-visually-hidden">{spokenDuration(intro.challengerTime)}</span></>}</dd></div>
        <div><dt>{t('intro.questions')}</dt><dd>{intro.questionCount}</dd></div>
        <div><dt>{t('intro.played')}</dt><dd>{intro.uses} / {intro.maxUses ?? <span aria-label={t('intro.unlimited')}>∞</span>}</dd></div>
        <div><dt>{t('intro.expires')}</dt><dd>{dateText(intro.expiresAt, { language })}</dd></div>
      </dl>
    </Card>
  );
}
