/**
 * Exposed as `challenge/CreateChallengeDialog`: the results screen of a finished full chapter or topic quiz
 * opens it (mfe-learn). Two ways (spec §2, §5, §8): create a link (with an optional usage limit) and copy it, or
 * find a friend by e-mail and send the challenge with an optional message. The server takes the score, time
 * and questions from the session: only its id is sent.
 */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogContent } from '@lp/ui';
import { statusOf, toast } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import type { UserSummary } from '@lp/contracts';
import { challengeApi } from './api.ts';
import { mineEn, useMineT, type mineT } from './i18n/mine.ts';
import './challenge.css';

/** The spec's texts, in English (the catalogue's source); the dialog shows them in the page's language. */
export const MESSAGES = {
  created: mineEn['create.created'],
  createFailed: mineEn['create.createFailed'],
  copyFailed: mineEn['create.copyFailed'],
  userNotFound: mineEn['create.userNotFound'],
  noUserSelected: mineEn['create.noUserSelected'],
  sent: mineEn['create.sent'],
  sendFailed: mineEn['create.sendFailed'],
} as const;

type T = typeof mineT;

/** What a friend reads with the link, in the share sheet or in WhatsApp: in the sender's language. */
export const SHARE_TEXT = mineEn['create.shareText'];

const shareData = (t: T, url: string) => ({ title: t('create.shareTitle'), text: t('create.shareText'), url });
/** The phone's own share sheet (Web Share API) where there is one; WhatsApp, the way most friends are reached, elsewhere. */
const canShare = () => typeof navigator.share === 'function';
export const whatsAppUrl = (url: string, text: string = SHARE_TEXT) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;

export interface CreateChallengeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The finished session the challenge is made from. */
  sessionId: string;
}

export function CreateChallengeDialog({ open, onOpenChange, sessionId }: CreateChallengeDialogProps) {
  const t = useMineT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('create.title')} description={t('create.description')} closeLabel={t('create.close')}>
        <LinkSection sessionId={sessionId} />
        <hr />
        <DirectSection sessionId={sessionId} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function LinkSection({ sessionId }: { sessionId: string }) {
  const [maxUses, setMaxUses] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useMineT();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const limit = maxUses.trim() === '' ? null : Number(maxUses);
    if (limit !== null && !(Number.isInteger(limit) && limit >= 1 && limit <= 1000)) { setError(t('create.usesInvalid')); return; }
    setBusy(true);
    setError(null);
    try {
      const created = await challengeApi.createLink(sessionId, limit);
      setLink(`${window.location.origin}/c/${created.token}`);
    } catch (e) {
      setError(errorTextOf(e, t('create.createFailed')));
      toast({ variant: 'destructive', title: t('create.createFailed'), error: e });
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    try {
      await navigator.share(shareData(t, link!));
    } catch (e) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to WhatsApp.
      if ((e as Error)?.name !== 'AbortError') window.open(whatsAppUrl(link!, t('create.shareText')), '_blank', 'noopener');
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!);
      toast({ title: t('create.created'), description: t('create.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('create.copyFailed') });
    }
  };

  return (
    <section aria-labelledby="lp-link-heading">
      <h3 id="lp-link-heading">{t('create.linkHeading')}</h3>
      {link ? (
        <>
          <p role="status">{t('create.created')} {t('create.linkReady')}</p>
          <div className="lp-challenge__link">
            <label className="lp-visually-hidden" htmlFor="lp-challenge-link">{t('create.linkLabel')}</label>
            <input id="lp-challenge-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
            <Button onClick={() => void copy()}>{t('create.copy')}</Button>
          </div>
          <div className="lp-challenge__actions">
            {canShare()
              ? <Button variant="outline" onClick={() => void share()}>{t('create.share')}</Button>
              : <Button variant="outline" asChild><a href={whatsAppUrl(link, t('create.shareText'))} target="_blank" rel="noopener noreferrer">{t('create.whatsApp')}</a></Button>}
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void create(e)} noValidate>
          <div className="lp-challenge__field">
            <label htmlFor="lp-max-uses">{t('create.maxUses')}</label>
            <input id="lp-max-uses" inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
          </div>
          {error && <p className="lp-challenge__error" role="alert">{error}</p>}
          <Button type="submit" disabled={busy}>{busy ? t('create.creating') : t('create.createLink')}</Button>
        </form>
      )}
    </section>
  );
}

function DirectSection({ sessionId, onSent }: { sessionId: string; onSent: () => void }) {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<UserSummary | null>(null);
  const [message, setMessage] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useMineT();

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setFound(null);
    setNote(null);
    const trimmed = email.trim();
    if (trimmed === '') { setNote(t('create.emailMissing')); return; }
    setBusy(true);
    try {
      setFound(await challengeApi.searchUser(trimmed));
    } catch (e) {
      setNote(statusOf(e) === 404 ? t('create.userNotFound') : errorTextOf(e, t('create.userNotFound')));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    if (!found) { setNote(t('create.noUserSelected')); return; }
    setBusy(true);
    try {
      await challengeApi.createDirect(sessionId, found.id, message.trim());
      toast({ title: t('create.sent') });
      onSent();
    } catch (error) {
      setNote(t('create.sendFailed'));
      toast({ variant: 'destructive', title: t('create.sendFailed'), error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="lp-direct-heading">
      <h3 id="lp-direct-heading">{t('create.directHeading')}</h3>
      <form onSubmit={(e) => void search(e)} noValidate>
        <div className="lp-challenge__field">
          <label htmlFor="lp-friend-email">{t('create.friendEmail')}</label>
          <div className="lp-challenge__link">
            <input id="lp-friend-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
            <Button type="submit" variant="outline" disabled={busy}>{t('create.search')}</Button>
          </div>
        </div>
      </form>
      {found && <p role="status">{t('create.selected')} <strong>{`${found.firstName} ${found.lastName}`.trim()}</strong></p>}
      <div className="lp-challenge__field">
        <label htmlFor="lp-challenge-message">{t('create.message')}</label>
        <textarea id="lp-challenge-message" rows={2} maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} placeholder={t('create.messagePlaceholder')} />
      </div>
      {note && <p className="lp-challenge__error" role="alert">{note}</p>}
      <Button onClick={() => void send()} disabled={busy}>{t('create.send')}</Button>
    </section>
  );
}

export default CreateChallengeDialog;
