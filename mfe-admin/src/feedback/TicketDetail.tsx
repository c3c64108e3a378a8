// One ticket in the inbox: the learner's message and screenshot, billing's outcome, the replies so far, and the
// reply form (status and an optional reply the learner sees on their own list).
import { FEEDBACK_CATEGORY_LABELS, TICKET_OUTCOME_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketStatus } from '@lp/contracts';
import { Button, Card, Spinner } from '@lp/ui';
import { errorMessageOf, toast } from '@lp/web-platform';
import { useRef, useState } from 'react';
import { attachmentUrl, useInboxTicket, useReply } from './api.ts';
import '../admin.css';
import { formatDateTime } from '@lp/web-platform/format';


export function TicketDetail({ ticketNumber, onClose }: { ticketNumber: string; onClose: () => void }) {
  const { data: ticket, isPending, error } = useInboxTicket(ticketNumber);
  const reply = useReply(ticketNumber);
  const [status, setStatus] = useState<TicketStatus | null>(null);
  const [text, setText] = useState('');
  const replyId = useRef(crypto.randomUUID());

  if (isPending) return <Card><Spinner label="Loading the ticket..." /></Card>;
  if (error || !ticket) return <Card><p role="alert">The ticket could not be loaded: {error ? errorMessageOf(error) : 'it was not found.'}</p></Card>;
  const chosen = status ?? ticket.status;

  const send = async () => {
    try {
      await reply.mutateAsync({ replyId: replyId.current, status: chosen, ...(text.trim() ? { reply: text.trim() } : {}) });
      replyId.current = crypto.randomUUID();
      setText('');
      setStatus(null);
      toast({ title: text.trim() ? 'Reply sent' : 'Status updated', description: `${ticketNumber} is ${TICKET_STATUS_LABELS[chosen].toLowerCase()}.` });
    } catch (err) {
      toast({ title: 'Reply failed', description: errorMessageOf(err, 'Please try again later'), variant: 'destructive', error: err });
    }
  };

  return (
    <Card aria-label={`Ticket ${ticketNumber}`} title={`${ticket.ticketNumber}: ${ticket.subject}`}
      description={`${FEEDBACK_CATEGORY_LABELS[ticket.category]} · ${ticket.learner ? `${ticket.learner.name} <${ticket.learner.email}>` : `learner ${ticket.userId}`} · ${formatDateTime(ticket.createdAt)}`}
      footer={<Button variant="ghost" onClick={onClose}>Back to the inbox</Button>}>
      <div className="lp-ticket">
        <p data-testid="ticket-message" className="lp-ticket__message">{ticket.message}</p>
        {ticket.attachment && (
          <figure className="lp-ticket__figure">
            <img src={attachmentUrl(ticket.ticketNumber)} alt={`Screenshot attached to ${ticket.ticketNumber}`} className="lp-ticket__screenshot" />
            <figcaption className="lp-ticket__caption">{ticket.attachment.filename} ({Math.ceil(ticket.attachment.size / 1024)} KB)</figcaption>
          </figure>
        )}
        {ticket.outcome && (
          <p><strong>Billing: {TICKET_OUTCOME_LABELS[ticket.outcome.outcome] ?? ticket.outcome.outcome}.</strong> {ticket.outcome.reason}</p>
        )}
        {ticket.replies.length > 0 && (
          <div>
            <h3 className="lp-ticket__replies-title">Replies</h3>
            {ticket.replies.map((r) => (
              <blockquote key={r.at} className="lp-ticket__reply">
                <span className="lp-ticket__reply-when">{formatDateTime(r.at)}</span><br />{r.message}
              </blockquote>
            ))}
          </div>
        )}
        <form aria-label="Reply" onSubmit={(e) => { e.preventDefault(); void send(); }} className="lp-ticket__form">
          <div className="lp-field">
            <label className="lp-field__label" htmlFor="reply-status">Status</label>
            <select id="reply-status" className="lp-ticket__input" value={chosen} onChange={(e) => setStatus(e.target.value as TicketStatus)}>
              {TICKET_STATUSES.map((s) => <option key={s} value={s}>{TICKET_STATUS_LABELS[s]}</option>)}
            </select>
          </div>
          <div className="lp-field">
            <label className="lp-field__label" htmlFor="reply-text">Reply to the learner (optional)</label>
            <textarea id="reply-text" className="lp-ticket__input" rows={4} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <Button type="submit" disabled={reply.isPending}>{reply.isPending ? 'Saving...' : text.trim() ? 'Send reply' : 'Save status'}</Button>
        </form>
      </div>
    </Card>
  );
}
