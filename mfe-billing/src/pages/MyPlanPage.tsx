import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentTransaction } from '@lp/contracts';
import { GetPaymentStatus, GetSubscriptionStatus } from '@lp/contracts/urls';
import { Badge, Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { displayName, Link, useSearchParams, useUser } from '@lp/web-platform';
import { getRoute } from '@lp/web-platform/route-calls';
import { heading } from '@lp/web-platform/heading';
import { useFormat } from '@lp/web-platform/format';
import { statusKey, statusVariant } from '../payment/messages.ts';
import { useT } from '../i18n/index.ts';
import { currentPlan } from '../payment/plan.ts';
import { RefundPanel } from '../refund/RefundPanel.tsx';
import { ticketFromSearch } from '../refund/refund-text.ts';
import '../billing.css';

const METHOD: Record<string, string> = { razorpay: 'Razorpay', paypal: 'PayPal' };

/** One payment as a receipt: what a parent keeps or prints (the print stylesheet prints only the chosen one). */
function Receipt({ t: payment, billedTo, printing, onPrint }: { t: PaymentTransaction; billedTo: string; printing: boolean; onPrint: () => void }) {
  const t = useT();
  const { formatDate, formatDateTime, formatMoney } = useFormat();
  return (
    <li className={printing ? 'lp-receipt lp-receipt--printing' : 'lp-receipt'} data-status={payment.status} aria-label={t('receipt.label', { id: payment.paymentId })}>
      <div className="lp-payment-status__item-head">
        <strong>{formatMoney(payment.currency, payment.amount)}</strong>
        <Badge variant={statusVariant(payment.status)} data-variant={statusVariant(payment.status)}>{t(statusKey(payment.status))}</Badge>
      </div>
      <p className="lp-receipt__print-title">{t('receipt.printTitle')}</p>
      <dl className="lp-payment-status__facts">
        <div><dt>{t('receipt.plan')}</dt><dd>{t('receipt.yearly')}</dd></div>
        <div><dt>{t('receipt.paidOn')}</dt><dd>{formatDateTime(payment.timestamp)}</dd></div>
        <div><dt>{t('common.method')}</dt><dd>{METHOD[payment.method] ?? payment.method}</dd></div>
        {payment.validUntil && <div><dt>{t('receipt.validUntil')}</dt><dd>{formatDate(payment.validUntil)}</dd></div>}
        <div><dt>{t('common.paymentId')}</dt><dd><code>{payment.paymentId}</code></dd></div>
        <div><dt>{t('receipt.billedTo')}</dt><dd>{billedTo}</dd></div>
      </dl>
      <Button variant="outline" size="sm" className="lp-receipt__print" onClick={onPrint}>{t('receipt.print')}</Button>
    </li>
  );
}

/** /my-plan, from the account menu: the plan, until when, a refund (see, then confirm), and every payment with a printable receipt. */
export function MyPlanPage() {
  const { user } = useUser();
  const t = useT();
  const { formatDate } = useFormat();
  const [printing, setPrinting] = useState<string | null>(null);
  const ticketNumber = ticketFromSearch(useSearchParams());
  const plan = useQuery({ queryKey: [GetSubscriptionStatus.url], queryFn: ({ signal }) => getRoute(GetSubscriptionStatus, undefined, undefined, signal) });
  const payments = useQuery({ queryKey: [GetPaymentStatus.url], queryFn: ({ signal }) => getRoute(GetPaymentStatus, undefined, undefined, signal) });
  // The browser prints after the chosen receipt is marked, then the mark goes.
  useEffect(() => {
    if (!printing) return;
    window.print();
    setPrinting(null);
  }, [printing]);
  const current = currentPlan(plan.data, new Date());
  const paid = payments.data?.transactions.filter((t) => t.status === 'captured' || t.status === 'refunded') ?? [];
  const billedTo = user ? `${displayName(user)} <${user.email}>` : '';
  return (
    <PageFrame title={heading(t('myPlan.title'))} subtitle={t('myPlan.subtitle')} width="narrow">
      {(plan.isPending || payments.isPending) && <Spinner label={t('subscribe.loadingPlan')} />}
      {(plan.isError || payments.isError) && (
        <ErrorState title={t('myPlan.loadFailed')} message={t('common.tryAgainLater')} retryLabel={t('common.retry')} onRetry={() => { void plan.refetch(); void payments.refetch(); }} />
      )}
      {plan.data && (
        current
          ? <Card title={current.endsAt ? t('subscribe.premiumUntil', { date: formatDate(current.endsAt) }) : t('common.premium')} description={t('myPlan.activeDescription')} />
          : <Card title={t('myPlan.noPlan')} description={t('myPlan.noPlanDescription')}><Link to="/subscribe">{t('common.seePlan')}</Link></Card>
      )}
      {/* Refunds have their own flow here (issue 31 §1); a refund ticket links here with ?ticket=. */}
      {plan.data && (current || ticketNumber) && <RefundPanel {...(ticketNumber ? { ticketNumber } : {})} />}
      {payments.data && (
        <Card title={t('common.payments')}>
          {paid.length === 0 ? <p>{t('common.noPayments')}</p> : (
            <ul className="lp-payment-status__list lp-receipts" aria-label={t('common.payments')}>
              {paid.map((t) => <Receipt key={t.paymentId} t={t} billedTo={billedTo} printing={printing === t.paymentId} onPrint={() => setPrinting(t.paymentId)} />)}
            </ul>
          )}
          <p><Link to="/payment-status">{t('myPlan.allAttempts')}</Link></p>
        </Card>
      )}
    </PageFrame>
  );
}
