import { useQuery } from '@tanstack/react-query';
import type { PaymentTransaction } from '@lp/contracts';
import { GetPaymentStatus, GetSubscriptionStatus } from '@lp/contracts/urls';
import { Badge, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { getRoute } from '@lp/web-platform/route-calls';
import { usePushedPolling } from '@lp/web-platform/query';
import { heading } from '@lp/web-platform/heading';
import { useFormat } from '@lp/web-platform/format';
import { statusKey, statusVariant } from '../payment/messages.ts';
import { useT } from '../i18n/index.ts';
import '../billing.css';

/** Pushed while the tab's stream is open (issue 25 §3); polled every 5 s (spec §4, §10) while it is not. */
export const PAYMENT_STATUS_REFRESH_MS = 5000;
const PAYMENT_STATUS_KEY = [GetPaymentStatus.url] as const;
const METHOD: Record<string, string> = { razorpay: 'Razorpay', paypal: 'PayPal' };

/** One payment as a card (a table would make a phone's page scroll sideways). */
function PaymentItem({ t: payment }: { t: PaymentTransaction }) {
  const t = useT();
  const { formatDateTime, formatMoney } = useFormat();
  return (
    <li className="lp-payment-status__item" data-status={payment.status}>
      <div className="lp-payment-status__item-head">
        <strong>{formatMoney(payment.currency, payment.amount)}</strong>
        <Badge variant={statusVariant(payment.status)} data-variant={statusVariant(payment.status)}>{t(statusKey(payment.status))}</Badge>
      </div>
      <dl className="lp-payment-status__facts">
        <div><dt>{t('paymentStatus.date')}</dt><dd>{formatDateTime(payment.timestamp)}</dd></div>
        <div><dt>{t('common.method')}</dt><dd>{METHOD[payment.method] ?? payment.method}</dd></div>
        <div><dt>{t('common.paymentId')}</dt><dd><code>{payment.paymentId}</code></dd></div>
      </dl>
    </li>
  );
}

export function PaymentStatusPage() {
  const t = useT();
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
    <PageFrame title={heading(t('paymentStatus.title'))} subtitle={t('paymentStatus.subtitle')}>
      {report.isPending && <Spinner label={t('paymentStatus.loading')} />}
      {report.isError && <ErrorState title={t('paymentStatus.loadFailed')} message={t('common.tryAgainLater')} retryLabel={t('common.retry')} onRetry={() => void report.refetch()} />}
      {report.data && (
        <>
          <div className="lp-payment-status__counts">
            <Card title={t('status.captured')}><p data-testid="count-successful">{report.data.successful}</p></Card>
            <Card title={t('status.pending')}><p data-testid="count-pending">{report.data.pending}</p></Card>
            <Card title={t('status.failed')}><p data-testid="count-failed">{report.data.failed}</p></Card>
            <Card title={t('status.refunded')}><p data-testid="count-refunded">{report.data.refunded}</p></Card>
          </div>
          <Card title={t('common.payments')}>
            {payments.length === 0 ? (
              <p>{t('common.noPayments')} <Link to="/subscription">{t('common.seePlan')}</Link></p>
            ) : (
              <ul className="lp-payment-status__list" aria-label={t('common.payments')}>
                {payments.map((t) => <PaymentItem key={t.paymentId} t={t} />)}
              </ul>
            )}
          </Card>
          {notCompleted.length > 0 && (
            <Card title={t('paymentStatus.notCompleted', { count: String(report.data.notCompleted) })} description={t('paymentStatus.notCompletedDescription')}>
              <ul className="lp-payment-status__list" aria-label={t('paymentStatus.notCompletedList')}>
                {notCompleted.map((t) => <PaymentItem key={t.paymentId} t={t} />)}
              </ul>
            </Card>
          )}
        </>
      )}
    </PageFrame>
  );
}
