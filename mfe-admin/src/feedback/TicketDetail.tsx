// One ticket in the inbox: the learner's message and screenshot, billing's outcome, the replies so far, and the
// reply form (status and an optional reply the learner sees on their own list).
import { FEEDBACK_CATEGORY_LABELS, TICKET_OUTCOME_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketStatus } from '@lp/contracts';
import { Button, Card, Spinner } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { useRef, useState, type CSSProperties } from 'react';
import { attachmentUrl, useInboxTicket, useReply } from './api.ts';

const input: CSSProperties = {
  font: 'inherit', padding: '0.5rem 0.75rem', border: '1px solid var(--lp-border)', borderRadius: '0.375rem',
  background: 'var(--lp-surface)', color: 'var(--lp-text)', width: '100%', boxSizing: 'border-box',
};
const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function TicketDetail({ ticketNumber, onClose }: { ticketNumber: string; onClose: () => void }) {
  const { data: ticket, isPending, error } = useInboxTicket(ticketNumber);
  const reply = useReply(ticketNumber);
  const [status, setStatus] = useState<TicketStatus | null>(null);
  const [text, setText] = useState('');
  const replyId = useRef(crypto.randomUUID());

  if (isPending) return <Card><Spinner label="Loading the ticket..." /></Card>;
  if (error || !ticket) return <Card><p role="alert">The ticket could not be loaded: {error?.message}</p></Card>;
  const chosen = status ?? ticket.status;

  const send = async () => {
    try {
      await reply.mutateAsync({ replyId: replyId.current, status: chosen, ...(text.trim() ? { reply: text.trim() } : {}) });
      replyId.current = crypto.randomUUID();
      setText('');
      setStatus(null);
      toast({ title: text.trim() ? 'Reply sent' : 'Status updated', description: `${ticketNumber} is ${TICKET_STATUS_LABELS[chosen].toLowerCase()}.` });
    } catch (err) {
      toast({ title: 'Reply failed', description: err instanceof Error ? err.message : 'Please try again later', variant: 'destructive' });
    }
  };

  return (
    <Card aria-label={`Ticket ${ticketNumber}`} title={`${ticket.ticketNumber}: ${ticket.subject}`}
      description={`${FEEDBACK_CATEGORY_LABELS[ticket.category]} · ${ticket.learner ? `${ticket.learner.name} <${ticket.learner.email}>` : `learner ${ticket.userId}`} · ${when(ticket.createdAt)}`}
      footer={<Button variant="ghost" onClick={onClose}>Back to the inbox</Button>}>
      <div style={{ display: 'grid', gap: '1rem' }}>
        <p data-testid="ticket-message" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{ticket.message}</p>
        {ticket.attachment && (
          <figure style={{ margin: 0 }}>
            <img src={attachmentUrl(ticket.ticketNumber)} alt={`Screenshot attached to ${ticket.ticketNumber}`} style={{ maxWidth: '100%', border: '1px solid var(--lp-border)' }} />
            <figcaption style={{ fontSize: '0.8125rem' }}>{ticket.attachment.filename} ({Math.ceil(ticket.attachment.size / 1024)} KB)</figcaption>
          </figure>
        )}
        {ticket.outcome && (
          <p><strong>Billing: {TICKET_OUTCOME_LABELS[ticket.outcome.outcome] ?? ticket.outcome.outcome}.</strong> {ticket.outcome.reason}</p>
        )}
        {ticket.replies.length > 0 && (
          <div>
            <h3 style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>Replies</h3>
            {ticket.replies.map((r) => (
              <blockquote key={r.at} style={{ margin: '0 0 0.5rem', paddingLeft: '0.75rem', borderLeft: '3px solid var(--lp-border)' }}>
                <span style={{ fontSize: '0.8125rem' }}>{when(r.at)}</span><br />{r.message}
              </blockquote>
            ))}
          </div>
        )}
        <form aria-label="Reply" onSubmit={(e) => { e.preventDefault(); void send(); }} style={{ display: 'grid', gap: '0.75rem' }}>
          <div className="lp-field">
            <label className="lp-field__label" htmlFor="reply-status">Status</label>
            <select id="reply-status" style={input} value={chosen} onChange={(e) => setStatus(e.target.value as TicketStatus)}>
              {TICKET_STATUSES.map((s) => <option key={s} value={s}>{TICKET_STATUS_LABELS[s]}</option>)}
            </select>
          </div>
          <div className="lp-field">
            <label className="lp-field__label" htmlFor="reply-text">Reply to the learner (optional)</label>
            <textarea id="reply-text" style={input} rows={4} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <Button type="submit" disabled={reply.isPending}>{reply.isPending ? 'Saving...' : text.trim() ? 'Send reply' : 'Save status'}</Button>
        </form>
      </div>
    </Card>
  );
}
