// The learner's own tickets below the form: number, status, the desk's replies and billing's outcome.
import { BILLING_CATEGORIES, FEEDBACK_CATEGORY_LABELS, TICKET_OUTCOME_LABELS, TICKET_STATUS_LABELS, type LearnerTicket } from '@lp/contracts';
import { Badge, Card, Spinner } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { useMyTickets } from './api.ts';
import '../billing.css';
import { formatDateTime } from '@lp/web-platform/format';

const statusVariant = (status: LearnerTicket['status']) => (status === 'resolved' ? 'success' : status === 'in-progress' ? 'warning' : 'default');

export function MyTickets() {
  const { data, isPending, isError, refetch } = useMyTickets();
  return (
    <Card title="Your tickets" description="Replies from our team appear here. We respond within 24 hours.">
      {isPending && <Spinner label="Loading your tickets..." />}
      {isError && (
        <p role="alert">
          Your tickets could not be loaded. <button type="button" className="lp-button lp-button--link lp-button--sm" onClick={() => void refetch()}>Try again</button>
        </p>
      )}
      {data && data.tickets.length === 0 && <p>You have not sent any feedback yet.</p>}
      {data && data.tickets.length > 0 && (
        <ul aria-label="Your tickets" className="lp-tickets">
          {data.tickets.map((t) => (
            <li key={t.ticketNumber} data-ticket={t.ticketNumber} className="lp-tickets__item">
              <div className="lp-tickets__meta">
                <strong>{t.ticketNumber}</strong>
                <Badge variant={statusVariant(t.status)}>{TICKET_STATUS_LABELS[t.status]}</Badge>
                <Badge variant="muted">{FEEDBACK_CATEGORY_LABELS[t.category]}</Badge>
                <span className="lp-tickets__when">{formatDateTime(t.createdAt)}</span>
              </div>
              <p className="lp-tickets__subject">{t.subject}</p>
              {t.outcome && (
                <p data-testid="ticket-outcome" className="lp-tickets__outcome">
                  <strong>{TICKET_OUTCOME_LABELS[t.outcome.outcome] ?? t.outcome.outcome}:</strong> {t.outcome.reason}
                </p>
              )}
              {BILLING_CATEGORIES.includes(t.category) && !t.outcome && t.status !== 'resolved' && (
                <p className="lp-tickets__outcome">Nothing is refunded until you confirm: <Link to={`/my-plan?ticket=${t.ticketNumber}`}>review and confirm your refund</Link>.</p>
              )}
              {t.replies.map((r) => (
                <blockquote key={r.at} data-testid="ticket-reply" className="lp-tickets__reply">
                  <span className="lp-tickets__reply-from">Reply from support, {formatDateTime(r.at)}</span>
                  <br />
                  {r.message}
                </blockquote>
              ))}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
