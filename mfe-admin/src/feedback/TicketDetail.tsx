// One ticket in the inbox: the learner's message and screenshot, billing's outcome, the replies so far, and the
// reply form (status and an optional reply the learner sees on their own list).
import { TICKET_STATUSES, type TicketStatus } from '@lp/contracts';
import { Button, Card, Spinner } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { useRef, useState } from 'react';
import { attachmentUrl, useInboxTicket, useReply } from './api.ts';
import '../admin.css';
import { useFormat } from '@lp/web-platform/format';
import { en, useT } from '../i18n/index.ts';

/** Billing's decision in words; an outcome this page does not know reads as the service sent it. */
const outcomeLabel = (t: ReturnType<typeof useT>, outcome: string) => {
  const key = `outcome.${outcome}`;
  return key in en ? t(key as keyof typeof en) : outcome;
};


export function TicketDetail({ ticketNumber, onClose }: { ticketNumber: string; onClose: () => void }) {
  const { data: ticket, isPending, error } = useInboxTicket(ticketNumber);
  const reply = useReply(ticketNumber);
  const [status, setStatus] = useState<TicketStatus | null>(null);
  const [text, setText] = useState('');
  const replyId = useRef(crypto.randomUUID());
  const t = useT();
  const { formatDateTime } = useFormat();

  if (isPending) return <Card><Spinner label={t('ticket.loading')} /></Card>;
  if (error || !ticket) return <Card><p role="alert">{t('ticket.loadFailed', { error: error ? errorTextOf(error) : t('ticket.notFound') })}</p></Card>;
  const chosen = status ?? ticket.status;

  const send = async () => {
    try {
      await reply.mutateAsync({ replyId: replyId.current, status: chosen, ...(text.trim() ? { reply: text.trim() } : {}) });
      replyId.current = crypto.randomUUID();
      setText('');
      setStatus(null);
      toast({ title: text.trim() ? t('ticket.replySent') : t('ticket.statusUpdated'), description: t('ticket.isNow', { ticket: ticketNumber, status: t(`status.${chosen}`).toLowerCase() }) });
    } catch (err) {
      toast({ title: t('ticket.replyFailed'), description: errorTextOf(err, t('ticket.tryLater')), variant: 'destructive', error: err });
    }
  };

  return (
    <Card aria-label={t('ticket.label', { ticket: ticketNumber })} title={`${ticket.ticketNumber}: ${ticket.subject}`}
      description={`${t(`category.${ticket.category}`)} · ${ticket.learner ? `${ticket.learner.name} <${ticket.learner.email}>` : t('inbox.learner', { id: ticket.userId })} · ${formatDateTime(ticket.createdAt)}`}
      footer={<Button variant="ghost" onClick={onClose}>{t('ticket.back')}</Button>}>
      <div className="lp-ticket">
        <p data-testid="ticket-message" className="lp-ticket__message">{ticket.message}</p>
        {ticket.attachment && (
          <figure className="lp-ticket__figure">
            <img src={attachmentUrl(ticket.ticketNumber)} alt={t('ticket.screenshotAlt', { ticket: ticket.ticketNumber })} className="lp-ticket__screenshot" />
            <figcaption className="lp-ticket__caption">{ticket.attachment.filename} ({Math.ceil(ticket.attachment.size / 1024)} KB)</figcaption>
          </figure>
        )}
        {ticket.outcome && (
          <p><strong>{t('ticket.billing', { outcome: outcomeLabel(t, ticket.outcome.outcome) })}</strong> {ticket.outcome.reason}</p>
        )}
        {ticket.replies.length > 0 && (
          <div>
            <h3 className="lp-ticket__replies-title">{t('ticket.replies')}</h3>
            {ticket.replies.map((r) => (
              <blockquote key={r.at} className="lp-ticket__reply">
                <span className="lp-ticket__reply-when">{formatDateTime(r.at)}</span><br />{r.message}
              </blockquote>
            ))}
          </div>
        )}
        <form aria-label={t('ticket.form')} onSubmit={(e) => { e.preventDefault(); void send(); }} className="lp-ticket__form">
          <div className="lp-field">
            <label className="lp-field__label" htmlFor="reply-status">{t('ticket.status')}</label>
            <select id="reply-status" className="lp-ticket__input" value={chosen} onChange={(e) => setStatus(e.target.value as TicketStatus)}>
              {TICKET_STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
            </select>
          </div>
          <div className="lp-field">
            <label className="lp-field__label" htmlFor="reply-text">{t('ticket.replyText')}</label>
            <textarea id="reply-text" className="lp-ticket__input" rows={4} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <Button type="submit" disabled={reply.isPending}>{reply.isPending ? t('ticket.saving') : text.trim() ? t('ticket.send') : t('ticket.saveStatus')}</Button>
        </form>
      </div>
    </Card>
  );
}
