import { BILLING_CATEGORIES, type FeedbackCategory } from '@lp/contracts';
import { Button, Card, PageFrame } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { heading } from '@lp/web-platform/heading';
import { MY_TICKETS_KEY } from '../feedback/api.ts';
import { FeedbackForm } from '../feedback/FeedbackForm.tsx';
import { MyTickets } from '../feedback/MyTickets.tsx';
import '../billing.css';

/** /feedback (spec §2, §4): the form, then the thank-you card with the ticket number; the learner's tickets below. */
export function FeedbackPage() {
  const [ticketNumber, setTicketNumber] = useState<string | null>(null);
  const [refund, setRefund] = useState(false);
  const queryClient = useQueryClient();
  const submitted = (number: string, category: FeedbackCategory) => {
    setTicketNumber(number);
    setRefund(BILLING_CATEGORIES.includes(category));
    void queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY });
  };
  return (
    <PageFrame title={heading('Feedback')} subtitle="Help us improve the product" width="narrow">
      <div className="lp-feedback">
        {ticketNumber ? (
          <Card aria-label="Feedback received">
            <div className="lp-feedback__thanks">
              <p>Thank you for sharing your valuable feedback, we respect your time and effort to improve the application.</p>
              <p>Your ticket number is:</p>
              <p data-testid="ticket-number" className="lp-feedback__ticket-number">{ticketNumber}</p>
              <p>We'll review your feedback and get back to you if needed.</p>
              {refund && (
                <p className="lp-feedback__refund-next">
                  Nothing has been refunded yet. <Link to={`/my-plan?ticket=${ticketNumber}`}>Review and confirm your refund</Link>: you see
                  the amount and when it arrives before anything is done.
                </p>
              )}
              <div><Button variant="outline" onClick={() => setTicketNumber(null)}>Send more feedback</Button></div>
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
