import { FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS, type FeedbackCategory, type TicketStatus } from '@lp/contracts';
import { Badge, Button, PageFrame, Spinner } from '@lp/ui';
import { useEffect, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { errorMessageOf } from '@lp/web-platform';
import { heading } from '@lp/web-platform/heading';
import { useInbox, type InboxFilter } from '../feedback/api.ts';
import { TicketDetail } from '../feedback/TicketDetail.tsx';
import '../admin.css';
import { formatDateTime } from '@lp/web-platform/format';


/** /admin-feedback: the owner's inbox (owner + admin elevation, enforced by svc-feedback). */
export function AdminFeedbackPage() {
  const [filter, setFilter] = useState<InboxFilter>({});
  const [open, setOpen] = useState<string | null>(null);
  const inbox = useInbox(filter);
  const access = useAdminAccess();
  // The elevation lapsed or was ended on the server: the guard says so and goes to /admin-login.
  const denied = isAccessRefused(inbox.error);
  useEffect(() => { if (denied) access.refuse(); }, [denied, access]);

  return (
    <PageFrame title={heading('Feedback Inbox')} subtitle="Tickets from learners. We promise a response within 24 hours."
      actions={<Button variant="ghost" onClick={() => void access.logout()}>Logout</Button>}>
      {denied ? null : open ? (
        <TicketDetail ticketNumber={open} onClose={() => setOpen(null)} />
      ) : (
        <div className="lp-inbox">
          <div className="lp-inbox__filters">
            <div className="lp-field">
              <label className="lp-field__label" htmlFor="inbox-category">Category</label>
              <select id="inbox-category" className="lp-inbox__select" value={filter.category ?? ''} onChange={(e) => setFilter({ ...filter, category: (e.target.value || undefined) as FeedbackCategory | undefined })}>
                <option value="">All categories</option>
                {FEEDBACK_CATEGORIES.map((c) => <option key={c} value={c}>{FEEDBACK_CATEGORY_LABELS[c]}</option>)}
              </select>
            </div>
            <div className="lp-field">
              <label className="lp-field__label" htmlFor="inbox-status">Status</label>
              <select id="inbox-status" className="lp-inbox__select" value={filter.status ?? ''} onChange={(e) => setFilter({ ...filter, status: (e.target.value || undefined) as TicketStatus | undefined })}>
                <option value="">All statuses</option>
                {TICKET_STATUSES.map((s) => <option key={s} value={s}>{TICKET_STATUS_LABELS[s]}</option>)}
              </select>
            </div>
          </div>
          {inbox.isPending && <Spinner label="Loading tickets..." />}
          {inbox.error && !denied && <p role="alert">The inbox could not be loaded: {errorMessageOf(inbox.error)}</p>}
          {inbox.data && inbox.data.overdue > 0 && (
            <p role="status"><Badge variant="danger">{inbox.data.overdue}</Badge> ticket{inbox.data.overdue === 1 ? ' has' : 's have'} waited more than 24 hours without a response; they are listed first.</p>
          )}
          {inbox.data && inbox.data.tickets.length === 0 && <p>No tickets match.</p>}
          {inbox.data && inbox.data.tickets.length > 0 && (
            <ul aria-label="Tickets" className="lp-inbox__list">
              {inbox.data.tickets.map((t) => (
                <li key={t.ticketNumber} data-ticket={t.ticketNumber}>
                  {/* Named by what it shows (number, status, subject, learner): a spoken name that differs from the visible text fails WCAG 2.5.3. */}
                  <button type="button" onClick={() => setOpen(t.ticketNumber)} className="lp-inbox__ticket">
                    <span className="lp-inbox__ticket-meta">
                      <strong>{t.ticketNumber}</strong>
                      {t.overdue && <Badge variant="danger">Over 24 hours</Badge>}
                      <Badge variant={t.status === 'resolved' ? 'success' : t.status === 'in-progress' ? 'warning' : 'default'}>{TICKET_STATUS_LABELS[t.status]}</Badge>
                      <Badge variant="muted">{FEEDBACK_CATEGORY_LABELS[t.category]}</Badge>
                      {t.attachment && <Badge variant="muted">Screenshot</Badge>}
                      <span className="lp-inbox__when">{formatDateTime(t.createdAt)}</span>
                    </span>
                    <span className="lp-inbox__subject">{t.subject}</span>
                    <span className="lp-inbox__learner">{t.learner ? `${t.learner.name} <${t.learner.email}>` : `learner ${t.userId}`}</span>
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
