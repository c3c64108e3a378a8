import { useQuery } from '@tanstack/react-query';
import type { PaymentTransaction } from '@lp/contracts';
import { GetPaymentStatus, GetSubscriptionStatus } from '@lp/contracts/urls';
import { Badge, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { getRoute } from '@lp/web-platform/route-calls';
import { usePushedPolling } from '@lp/web-platform/query';
import { heading } from '@lp/web-platform/heading';
import { formatDateTime, formatMoney } from '@lp/web-platform/format';
import { STATUS_LABEL, statusVariant } from '../payment/messages.ts';
import '../billing.css';

/** Pushed while the tab's stream is open (issue 25 §3); polled every 5 s (spec §4, §10) while it is not. */
export const PAYMENT_STATUS_REFRESH_MS = 5000;
const PAYMENT_STATUS_KEY = [GetPaymentStatus.url] as const;
const METHOD: Record<string, string> = { razorpay: 'Razorpay', paypal: 'PayPal' };

/** One payment as a card (a table would make a phone's page scroll sideways). */
function PaymentItem({ t }: { t: PaymentTransaction }) {
  return (
    <li className="lp-payment-status__item" data-status={t.status}>
      <div className="lp-payment-status__item-head">
        <strong>{formatMoney(t.currency, t.amount)}</strong>
        <Badge variant={statusVariant(t.status)} data-variant={statusVariant(t.status)}>{STATUS_LABEL[t.status]}</Badge>
      </div>
      <dl className="lp-payment-status__facts">
        <div><dt>Date</dt><dd>{formatDateTime(t.timestamp)}</dd></div>
        <div><dt>Method</dt><dd>{METHOD[t.method] ?? t.method}</dd></div>
        <div><dt>Payment ID</dt><dd><code>{t.paymentId}</code></dd></div>
      </dl>
    </li>
  );
}

export function PaymentStatusPage() {
  const refetchInterval = usePushedPolling({
    queryKey: PAYMENT_STATUS_KEY, type: 'payment', pollMs: PAYMENT_STATUS_REFRESH_MS,
    // Counts and the list are the service's to compute: a change is read again (with what it unlocked).
    onMessage: (_message, client) => {
      void client.invalidateQueries({ queryKey: PAYMENT_STATUS_KEY });
      void client.invalidateQueries({ queryKey: [GetSubscriptionStatus.url] });
    },
  });
  const report = useQuery({ queryKey: PAYMENT_STATUS_KEY, queryFn: ({ signal }) => getRoute(GetPaymentStatus, undefined, undefined, signal), refetchInterval, staleTime: 0 });
  const payments = report.data?.transactions.filter((t) => t.status !== 'created') ?? [];
  // Checkouts opened and never paid took no money: listed apart, so they never read like a charge waiting.
  const notCompleted = report.data?.transactions.filter((t) => t.status === 'created') ?? [];
  return (
    <PageFrame title={heading('Payment Status')} subtitle="Your payments, updated as they change.">
      {report.isPending && <Spinner label="Loading your payments…" />}
      {report.isError && <ErrorState title="Payment status could not be loaded" message="Please try again in a moment." onRetry={() => void report.refetch()} />}
      {report.data && (
        <>
          <div className="lp-payment-status__counts">
            <Card title="Paid"><p data-testid="count-successful">{report.data.successful}</p></Card>
            <Card title="Processing"><p data-testid="count-pending">{report.data.pending}</p></Card>
            <Card title="Failed"><p data-testid="count-failed">{report.data.failed}</p></Card>
            <Card title="Refunded"><p data-testid="count-refunded">{report.data.refunded}</p></Card>
          </div>
          <Card title="Payments">
            {payments.length === 0 ? (
              <p>No payments yet. <Link to="/subscription">See the plan</Link></p>
            ) : (
              <ul className="lp-payment-status__list" aria-label="Payments">
                {payments.map((t) => <PaymentItem key={t.paymentId} t={t} />)}
              </ul>
            )}
          </Card>
          {notCompleted.length > 0 && (
            <Card title={`Checkouts not completed (${report.data.notCompleted})`} description="You opened these checkouts but did not pay. No money was taken.">
              <ul className="lp-payment-status__list" aria-label="Checkouts not completed">
                {notCompleted.map((t) => <PaymentItem key={t.paymentId} t={t} />)}
              </ul>
            </Card>
          )}
        </>
      )}
    </PageFrame>
  );
}
