import { Button, Card, PageFrame } from '@lp/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { heading } from '@lp/web-platform/heading';
import { MY_TICKETS_KEY } from '../feedback/api.ts';
import { FeedbackForm } from '../feedback/FeedbackForm.tsx';
import { MyTickets } from '../feedback/MyTickets.tsx';

/** /feedback (spec §2, §4): the form, then the thank-you card with the ticket number; the learner's tickets below. */
export function FeedbackPage() {
  const [ticketNumber, setTicketNumber] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const submitted = (number: string) => {
    setTicketNumber(number);
    void queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY });
  };
  return (
    <PageFrame title={heading('Feedback')} subtitle="Help us improve the product" width="narrow">
      <div style={{ display: 'grid', gap: '1.5rem' }}>
        {ticketNumber ? (
          <Card aria-label="Feedback received">
            <div style={{ textAlign: 'center', display: 'grid', gap: '0.75rem' }}>
              <p style={{ margin: 0 }}>Thank you for sharing your valuable feedback, we respect your time and effort to improve the application.</p>
              <p style={{ margin: 0 }}>Your ticket number is:</p>
              <p data-testid="ticket-number" style={{ margin: 0, fontSize: '1.5rem', fontWeight: 700, letterSpacing: '0.05em' }}>{ticketNumber}</p>
              <p style={{ margin: 0 }}>We'll review your feedback and get back to you if needed.</p>
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
