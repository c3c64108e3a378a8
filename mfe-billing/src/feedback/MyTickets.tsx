// The learner's own tickets below the form: number, status, the desk's replies and billing's outcome.
import { BILLING_CATEGORIES, type LearnerTicket } from '@lp/contracts';
import { Badge, Card, Spinner } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { useMyTickets } from './api.ts';
import '../billing.css';
import { useFormat } from '@lp/web-platform/format';
import { en, useT } from '../i18n/index.ts';

/** Billing's decision on a ticket in words; an outcome this page does not know reads as the service sent it. */
const outcomeLabel = (t: ReturnType<typeof useT>, outcome: string) => {
  const key = `tickets.outcome.${outcome}`;
  return key in en ? t(key as keyof typeof en) : outcome;
};

const statusVariant = (status: LearnerTicket['status']) => (status === 'resolved' ? 'success' : status === 'in-progress' ? 'warning' : 'default');

export function MyTickets() {
  const { data, isPending, isError, refetch } = useMyTickets();
  const t = useT();
  const { formatDateTime } = useFormat();
  return (
    <Card title={t('tickets.title')} description={t('tickets.description')}>
      {isPending && <Spinner label={t('tickets.loading')} />}
      {isError && (
        <p role="alert">
          {t('tickets.loadFailed')} <button type="button" className="lp-button lp-button--link lp-button--sm" onClick={() => void refetch()}>{t('tickets.tryAgain')}</button>
        </p>
      )}
      {data && data.tickets.length === 0 && <p>{t('tickets.none')}</p>}
      {data && data.tickets.length > 0 && (
        <ul aria-label={t('tickets.title')} className="lp-tickets">
          {data.tickets.map((ticket) => (
            <li key={ticket.ticketNumber} data-ticket={ticket.ticketNumber} className="lp-tickets__item">
              <div className="lp-tickets__meta">
                <strong>{ticket.ticketNumber}</strong>
                <Badge variant={statusVariant(ticket.status)}>{t(`tickets.status.${ticket.status}`)}</Badge>
                <Badge variant="muted">{t(`feedback.category.${ticket.category}`)}</Badge>
                <span className="lp-tickets__when">{formatDateTime(ticket.createdAt)}</span>
              </div>
              <p className="lp-tickets__subject">{ticket.subject}</p>
              {ticket.outcome && (
                <p data-testid="ticket-outcome" className="lp-tickets__outcome">
                  <strong>{outcomeLabel(t, ticket.outcome.outcome)}:</strong> {ticket.outcome.reason}
                </p>
              )}
              {BILLING_CATEGORIES.includes(ticket.category) && !ticket.outcome && ticket.status !== 'resolved' && (
                <p className="lp-tickets__outcome">{t('tickets.confirmFirst')} <Link to={`/my-plan?ticket=${ticket.ticketNumber}`}>{t('tickets.reviewRefund')}</Link>.</p>
              )}
              {ticket.replies.map((r) => (
                <blockquote key={r.at} data-testid="ticket-reply" className="lp-tickets__reply">
                  <span className="lp-tickets__reply-from">{t('tickets.replyFrom', { when: formatDateTime(r.at) })}</span>
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
