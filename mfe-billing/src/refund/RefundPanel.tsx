// Asking for a refund on /my-plan (issue 31 §1): what will happen → confirm → what was done. Nothing is refunded
// before the learner presses Confirm; svc-billing decides again when it is pressed (GET, then POST /api/refund).
import type { RefundResult } from '@lp/contracts';
import { ConfirmRefund, GetPaymentStatus, GetRefundQuote, GetSubscriptionStatus } from '@lp/contracts/urls';
import { Button, Card, Spinner } from '@lp/ui';
import { errorMessageOf } from '@lp/web-platform';
import { formatDate } from '@lp/web-platform/format';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { METHOD_NAME, whatWasDone, whatWillHappen } from './refund-text.ts';
import '../billing.css';

export function RefundPanel({ ticketNumber }: { ticketNumber?: string }) {
  // A learner sent here from a refund ticket sees the quote at once; anyone else asks for it.
  const [asking, setAsking] = useState(Boolean(ticketNumber));
  const [done, setDone] = useState<RefundResult | null>(null);
  const client = useQueryClient();
  const quote = useQuery({ queryKey: [GetRefundQuote.url], queryFn: ({ signal }) => getRoute(GetRefundQuote, undefined, undefined, signal), enabled: asking, staleTime: 0 });
  const confirm = useMutation({
    mutationFn: () => sendRoute(ConfirmRefund, undefined, ticketNumber ? { ticketNumber } : {}),
    onSuccess: (result) => {
      setDone(result);
      setAsking(false);
      for (const url of [GetRefundQuote.url, GetPaymentStatus.url, GetSubscriptionStatus.url]) void client.invalidateQueries({ queryKey: [url] });
    },
  });

  if (done) {
    return (
      <div><Card title="Refund confirmed" aria-label="Refund confirmed" className="lp-refund">
        <p role="status">{whatWasDone(done)}</p>
        {done.ticketNumber && <p>Your ticket {done.ticketNumber} is marked resolved with this outcome.</p>}
      </Card></div>
    );
  }
  if (!asking) {
    return (
      <div><Card title="Refund" description="7-day money-back guarantee on a first-time subscription." className="lp-refund">
        <Button variant="outline" onClick={() => setAsking(true)}>Ask for a refund</Button>
      </Card></div>
    );
  }
  const q = quote.data;
  return (
    <div><Card title="Ask for a refund" aria-label="Ask for a refund" className="lp-refund">
      {quote.isPending && <Spinner label="Checking your plan…" />}
      {quote.isError && <p role="alert">{errorMessageOf(quote.error, 'Your refund could not be checked. Please try again in a moment.')}</p>}
      {q && !q.eligible && (
        <>
          <p role="note" className="lp-refund__refused">{q.reason}</p>
          <Button variant="outline" onClick={() => setAsking(false)}>Close</Button>
        </>
      )}
      {q?.eligible && (
        <>
          <p className="lp-refund__what">What will happen</p>
          <p data-testid="refund-summary" className="lp-refund__summary">{whatWillHappen(q)}.</p>
          <dl className="lp-payment-status__facts">
            <div><dt>Paid with</dt><dd>{METHOD_NAME[q.method!] ?? q.method}</dd></div>
            <div><dt>Paid on</dt><dd>{formatDate(q.paidAt!)}</dd></div>
            <div><dt>Refund possible until</dt><dd>{formatDate(q.windowEndsAt!)}</dd></div>
          </dl>
          <p>Your progress stays saved; you can subscribe again later. This cannot be undone.</p>
          {confirm.isError && <p role="alert">{errorMessageOf(confirm.error, 'The refund could not be made. Nothing was refunded; please try again.')}</p>}
          <div className="lp-refund__actions">
            <Button variant="destructive" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
              {confirm.isPending ? 'Refunding…' : 'Confirm refund'}
            </Button>
            <Button variant="outline" disabled={confirm.isPending} onClick={() => setAsking(false)}>Keep my plan</Button>
          </div>
        </>
      )}
    </Card></div>
  );
}
