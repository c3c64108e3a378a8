import { FEEDBACK_CATEGORIES, TICKET_STATUSES, type FeedbackCategory, type TicketStatus } from '@lp/contracts';
import { Badge, Button, PageFrame, Spinner } from '@lp/ui';
import { useEffect, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { heading } from '@lp/web-platform/heading';
import { useInbox, type InboxFilter } from '../feedback/api.ts';
import { TicketDetail } from '../feedback/TicketDetail.tsx';
import '../admin.css';
import { useFormat } from '@lp/web-platform/format';
import { useT } from '../i18n/index.ts';


/** /admin-feedback: the owner's inbox (owner + admin elevation, enforced by svc-feedback). */
export function AdminFeedbackPage() {
  const [filter, setFilter] = useState<InboxFilter>({});
  const [open, setOpen] = useState<string | null>(null);
  const inbox = useInbox(filter);
  const access = useAdminAccess();
  const t = useT();
  const { formatDateTime } = useFormat();
  // The elevation lapsed or was ended on the server: the guard says so and goes to /admin-login.
  const denied = isAccessRefused(inbox.error);
  useEffect(() => { if (denied) access.refuse(); }, [denied, access]);

  return (
    <PageFrame title={heading(t('inbox.title'))} subtitle={t('inbox.subtitle')}
      actions={<Button variant="ghost" onClick={() => void access.logout()}>{t('common.logout')}</Button>}>
      {denied ? null : open ? (
        <TicketDetail ticketNumber={open} onClose={() => setOpen(null)} />
      ) : (
        <div className="lp-inbox">
          <div className="lp-inbox__filters">
            <div className="lp-field">
              <label className="lp-field__label" htmlFor="inbox-category">{t('inbox.category')}</label>
              <select id="inbox-category" className="lp-inbox__select" value={filter.category ?? ''} onChange={(e) => setFilter({ ...filter, category: (e.target.value || undefined) as FeedbackCategory | undefined })}>
                <option value="">{t('inbox.allCategories')}</option>
                {FEEDBACK_CATEGORIES.map((c) => <option key={c} value={c}>{t(`category.${c}`)}</option>)}
              </select>
            </div>
            <div className="lp-field">
              <label className="lp-field__label" htmlFor="inbox-status">{t('inbox.status')}</label>
              <select id="inbox-status" className="lp-inbox__select" value={filter.status ?? ''} onChange={(e) => setFilter({ ...filter, status: (e.target.value || undefined) as TicketStatus | undefined })}>
                <option value="">{t('inbox.allStatuses')}</option>
                {TICKET_STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
              </select>
            </div>
          </div>
          {inbox.isPending && <Spinner label={t('inbox.loading')} />}
          {inbox.error && !denied && <p role="alert">{t('inbox.loadFailed', { error: errorTextOf(inbox.error) })}</p>}
          {inbox.data && inbox.data.overdue > 0 && (
            <p role="status"><Badge variant="danger">{inbox.data.overdue}</Badge> {t('inbox.overdue', { count: String(inbox.data.overdue) })}</p>
          )}
          {inbox.data && inbox.data.tickets.length === 0 && <p>{t('inbox.none')}</p>}
          {inbox.data && inbox.data.tickets.length > 0 && (
            <ul aria-label={t('inbox.tickets')} className="lp-inbox__list">
              {inbox.data.tickets.map((ticket) => (
                <li key={ticket.ticketNumber} data-ticket={ticket.ticketNumber}>
                  {/* Named by what it shows (number, status, subject, learner): a spoken name that differs from the visible text fails WCAG 2.5.3. */}
                  <button type="button" onClick={() => setOpen(ticket.ticketNumber)} className="lp-inbox__ticket">
                    <span className="lp-inbox__ticket-meta">
                      <strong>{ticket.ticketNumber}</strong>
                      {ticket.overdue && <Badge variant="danger">{t('inbox.over24')}</Badge>}
                      <Badge variant={ticket.status === 'resolved' ? 'success' : ticket.status === 'in-progress' ? 'warning' : 'default'}>{t(`status.${ticket.status}`)}</Badge>
                      <Badge variant="muted">{t(`category.${ticket.category}`)}</Badge>
                      {ticket.attachment && <Badge variant="muted">{t('inbox.screenshot')}</Badge>}
                      <span className="lp-inbox__when">{formatDateTime(ticket.createdAt)}</span>
                    </span>
                    <span className="lp-inbox__subject">{ticket.subject}</span>
                    <span className="lp-inbox__learner">{ticket.learner ? `${ticket.learner.name} <${ticket.learner.email}>` : t('inbox.learner', { id: ticket.userId })}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </PageFrame>
  );
}
