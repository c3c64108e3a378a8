import { BILLING_CATEGORIES, type FeedbackCategory } from '@lp/contracts';
import { Button, Card, PageFrame } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { heading } from '@lp/web-platform/heading';
import { MY_TICKETS_KEY } from '../feedback/api.ts';
import { FeedbackForm } from '../feedback/FeedbackForm.tsx';
import { MyTickets } from '../feedback/MyTickets.tsx';
import { useT } from '../i18n/index.ts';
import '../billing.css';

/** /feedback (spec §2, §4): the form, then the thank-you card with the ticket number; the learner's tickets below. */
export function FeedbackPage() {
  const [ticketNumber, setTicketNumber] = useState<string | null>(null);
  const [refund, setRefund] = useState(false);
  const queryClient = useQueryClient();
  const t = useT();
  const submitted = (number: string, category: FeedbackCategory) => {
    setTicketNumber(number);
    setRefund(BILLING_CATEGORIES.includes(category));
    void queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY });
  };
  return (
    <PageFrame title={heading(t('feedback.title'))} subtitle={t('feedback.subtitle')} width="narrow">
      <div className="lp-feedback">
        {ticketNumber ? (
          <Card aria-label={t('feedback.received')}>
            <div className="lp-feedback__thanks">
              <p>{t('feedback.thanks')}</p>
              <p>{t('feedback.ticketIs')}</p>
              <p data-testid="ticket-number" className="lp-feedback__ticket-number">{ticketNumber}</p>
              <p>{t('feedback.review')}</p>
              {refund && (
                <p className="lp-feedback__refund-next">
                  {t('feedback.nothingRefunded')} <Link to={`/my-plan?ticket=${ticketNumber}`}>{t('feedback.reviewRefund')}</Link>{t('feedback.refundNext')}
                </p>
              )}
              <div><Button variant="outline" onClick={() => setTicketNumber(null)}>{t('feedback.sendMore')}</Button></div>
            </div>
          </Card>
        ) : (
          <FeedbackForm onSubmitted={submitted} />
        )}
        <MyTickets />
      </div>
    </PageFrame>
  );
}
