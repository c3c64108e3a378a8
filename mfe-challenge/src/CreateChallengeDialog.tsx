/**
 * Exposed as `challenge/CreateChallengeDialog`: the results screen of a finished full chapter or topic quiz
 * opens it (mfe-learn). Two ways (spec §2, §5, §8): create a link (with an optional usage limit) and copy it, or
 * find a friend by e-mail and send the challenge with an optional message. The server takes the score, time
 * and questions from the session: only its id is sent.
 */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogContent } from '@lp/ui';
import { errorMessageOf, statusOf, toast } from '@lp/web-platform';
import type { UserSummary } from '@lp/contracts';
import { challengeApi } from './api.ts';
import './challenge.css';

export const MESSAGES = {
  created: 'Challenge Created!',
  createFailed: 'Failed to create challenge. Please try again.',
  copyFailed: 'Failed to copy link. Please copy manually.',
  userNotFound: 'User not found: No user found with this email address.',
  noUserSelected: 'No user selected: Please search for and select a user first.',
  sent: 'Challenge sent!',
  sendFailed: 'Error: Failed to send challenge. Please try again.',
} as const;

/** What a friend reads with the link, in the share sheet or in WhatsApp. */
export const SHARE_TEXT = 'Can you beat my score? Take my quiz challenge:';

const shareData = (url: string) => ({ title: 'Quiz challenge', text: SHARE_TEXT, url });
/** The phone's own share sheet (Web Share API) where there is one; WhatsApp, the way most friends are reached, elsewhere. */
const canShare = () => typeof navigator.share === 'function';
export const whatsAppUrl = (url: string) => `https://wa.me/?text=${encodeURIComponent(`${SHARE_TEXT} ${url}`)}`;

export interface CreateChallengeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The finished session the challenge is made from. */
  sessionId: string;
}

export function CreateChallengeDialog({ open, onOpenChange, sessionId }: CreateChallengeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Challenge a Friend" description="Can your friends beat your score? Share a link, or send the challenge to a friend by e-mail.">
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

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const limit = maxUses.trim() === '' ? null : Number(maxUses);
    if (limit !== null && !(Number.isInteger(limit) && limit >= 1 && limit <= 1000)) { setError('Enter a number of plays from 1 to 1000, or leave it empty for unlimited.'); return; }
    setBusy(true);
    setError(null);
    try {
      const created = await challengeApi.createLink(sessionId, limit);
      setLink(`${window.location.origin}/c/${created.token}`);
    } catch (e) {
      setError(errorMessageOf(e, MESSAGES.createFailed));
      toast({ variant: 'destructive', title: MESSAGES.createFailed, error: e });
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    try {
      await navigator.share(shareData(link!));
    } catch (e) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to WhatsApp.
      if ((e as Error)?.name !== 'AbortError') window.open(whatsAppUrl(link!), '_blank', 'noopener');
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!);
      toast({ title: MESSAGES.created, description: 'The link is copied: share it with your friends.' });
    } catch {
      toast({ variant: 'destructive', title: MESSAGES.copyFailed });
    }
  };

  return (
    <section aria-labelledby="lp-link-heading">
      <h3 id="lp-link-heading">Share a link</h3>
      {link ? (
        <>
          <p role="status">{MESSAGES.created} Anyone with this link can play for 7 days, no account needed.</p>
          <div className="lp-challenge__link">
            <label className="lp-visually-hidden" htmlFor="lp-challenge-link">Challenge link</label>
            <input id="lp-challenge-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
            <Button onClick={() => void copy()}>Copy link</Button>
          </div>
          <div className="lp-challenge__actions">
            {canShare()
              ? <Button variant="outline" onClick={() => void share()}>Share</Button>
              : <Button variant="outline" asChild><a href={whatsAppUrl(link)} target="_blank" rel="noopener noreferrer">Share on WhatsApp</a></Button>}
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void create(e)} noValidate>
          <div className="lp-challenge__field">
            <label htmlFor="lp-max-uses">How many friends may play (empty: unlimited)</label>
            <input id="lp-max-uses" inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
          </div>
          {error && <p className="lp-challenge__error" role="alert">{error}</p>}
          <Button type="submit" disabled={busy}>{busy ? 'Creating…' : 'Create link'}</Button>
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

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setFound(null);
    setNote(null);
    const trimmed = email.trim();
    if (trimmed === '') { setNote('Enter your friend\u2019s e-mail address.'); return; }
    setBusy(true);
    try {
      setFound(await challengeApi.searchUser(trimmed));
    } catch (e) {
      setNote(statusOf(e) === 404 ? MESSAGES.userNotFound : errorMessageOf(e, MESSAGES.userNotFound));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    if (!found) { setNote(MESSAGES.noUserSelected); return; }
    setBusy(true);
    try {
      await challengeApi.createDirect(sessionId, found.id, message.trim());
      toast({ title: MESSAGES.sent });
      onSent();
    } catch (error) {
      setNote(MESSAGES.sendFailed);
      toast({ variant: 'destructive', title: MESSAGES.sendFailed, error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="lp-direct-heading">
      <h3 id="lp-direct-heading">Challenge a friend by e-mail</h3>
      <form onSubmit={(e) => void search(e)} noValidate>
        <div className="lp-challenge__field">
          <label htmlFor="lp-friend-email">Friend&apos;s e-mail</label>
          <div className="lp-challenge__link">
            <input id="lp-friend-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
            <Button type="submit" variant="outline" disabled={busy}>Search</Button>
          </div>
        </div>
      </form>
      {found && <p role="status">Selected: <strong>{`${found.firstName} ${found.lastName}`.trim()}</strong></p>}
      <div className="lp-challenge__field">
        <label htmlFor="lp-challenge-message">Message (optional)</label>
        <textarea id="lp-challenge-message" rows={2} maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="Can you beat my score?" />
      </div>
      {note && <p className="lp-challenge__error" role="alert">{note}</p>}
      <Button onClick={() => void send()} disabled={busy}>Send challenge</Button>
    </section>
  );
}

export default CreateChallengeDialog;
