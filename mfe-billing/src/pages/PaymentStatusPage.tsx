import { useQuery } from '@tanstack/react-query';
import { GetPaymentStatus, GetSubscriptionStatus } from '@lp/contracts/urls';
import { Badge, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { getRoute } from '@lp/web-platform/route-calls';
import { usePushedPolling } from '@lp/web-platform/query';
import { heading } from '@lp/web-platform/heading';
import { statusVariant } from '../payment/messages.ts';
import { formatDateTime, formatMoney } from '@lp/web-platform/format';
import '../billing.css';

/** Pushed while the tab's stream is open (issue 25 §3); polled every 5 s (spec §4, §10) while it is not. */
export const PAYMENT_STATUS_REFRESH_MS = 5000;
const PAYMENT_STATUS_KEY = [GetPaymentStatus.url] as const;
const METHOD: Record<string, string> = { razorpay: 'Razorpay', paypal: 'PayPal' };

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
  return (
    <PageFrame title={heading('Payment Status')} subtitle="Your payments, updated as they change.">
      {report.isPending && <Spinner label="Loading your payments…" />}
      {report.isError && <ErrorState title="Payment status could not be loaded" message="Please try again in a moment." onRetry={() => void report.refetch()} />}
      {report.data && (
        <>
          <div className="lp-payment-status__counts">
            <Card title="Successful"><p data-testid="count-successful">{report.data.successful}</p></Card>
            <Card title="Pending"><p data-testid="count-pending">{report.data.pending}</p></Card>
            <Card title="Failed"><p data-testid="count-failed">{report.data.failed}</p></Card>
          </div>
          <Card title="Transactions">
            {report.data.transactions.length === 0 ? (
              <p>No payments yet. <Link to="/subscription">See the plan</Link></p>
            ) : (
              <table className="lp-payment-status__transactions">
                <thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Method</th><th scope="col">Payment ID</th><th scope="col">Status</th></tr></thead>
                <tbody>
                  {report.data.transactions.map((t) => (
                    <tr key={t.paymentId} data-status={t.status}>
                      <td>{formatDateTime(t.timestamp)}</td>
                      <td>{formatMoney(t.currency, t.amount)}</td>
                      <td>{METHOD[t.method] ?? t.method}</td>
                      <td><code>{t.paymentId}</code></td>
                      <td><Badge variant={statusVariant(t.status)} data-variant={statusVariant(t.status)}>{t.status}</Badge></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </>
      )}
    </PageFrame>
  );
}
