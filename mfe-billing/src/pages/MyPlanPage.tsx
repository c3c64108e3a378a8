import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentTransaction } from '@lp/contracts';
import { GetPaymentStatus, GetSubscriptionStatus } from '@lp/contracts/urls';
import { Badge, Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { displayName, Link, useSearchParams, useUser } from '@lp/web-platform';
import { getRoute } from '@lp/web-platform/route-calls';
import { heading } from '@lp/web-platform/heading';
import { formatDate, formatDateTime, formatMoney } from '@lp/web-platform/format';
import { STATUS_LABEL, statusVariant } from '../payment/messages.ts';
import { currentPlan } from '../payment/plan.ts';
import { RefundPanel } from '../refund/RefundPanel.tsx';
import { ticketFromSearch } from '../refund/refund-text.ts';
import '../billing.css';

const METHOD: Record<string, string> = { razorpay: 'Razorpay', paypal: 'PayPal' };

/** One payment as a receipt: what a parent keeps or prints (the print stylesheet prints only the chosen one). */
function Receipt({ t, billedTo, printing, onPrint }: { t: PaymentTransaction; billedTo: string; printing: boolean; onPrint: () => void }) {
  return (
    <li className={printing ? 'lp-receipt lp-receipt--printing' : 'lp-receipt'} data-status={t.status} aria-label={`Receipt ${t.paymentId}`}>
      <div className="lp-payment-status__item-head">
        <strong>{formatMoney(t.currency, t.amount)}</strong>
        <Badge variant={statusVariant(t.status)} data-variant={statusVariant(t.status)}>{STATUS_LABEL[t.status]}</Badge>
      </div>
      <p className="lp-receipt__print-title">Learn Platform · Receipt</p>
      <dl className="lp-payment-status__facts">
        <div><dt>Plan</dt><dd>Premium, yearly</dd></div>
        <div><dt>Paid on</dt><dd>{formatDateTime(t.timestamp)}</dd></div>
        <div><dt>Method</dt><dd>{METHOD[t.method] ?? t.method}</dd></div>
        {t.validUntil && <div><dt>Valid until</dt><dd>{formatDate(t.validUntil)}</dd></div>}
        <div><dt>Payment ID</dt><dd><code>{t.paymentId}</code></dd></div>
        <div><dt>Billed to</dt><dd>{billedTo}</dd></div>
      </dl>
      <Button variant="outline" size="sm" className="lp-receipt__print" onClick={onPrint}>Print receipt</Button>
    </li>
  );
}

/** /my-plan, from the account menu: the plan, until when, a refund (see, then confirm), and every payment with a printable receipt. */
export function MyPlanPage() {
  const { user } = useUser();
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
    <PageFrame title={heading('My plan and payments')} subtitle="Your plan, your payments and their receipts." width="narrow">
      {(plan.isPending || payments.isPending) && <Spinner label="Loading your plan…" />}
      {(plan.isError || payments.isError) && (
        <ErrorState title="Your plan could not be loaded" message="Please try again in a moment." onRetry={() => { void plan.refetch(); void payments.refetch(); }} />
      )}
      {plan.data && (
        current
          ? <Card title={current.endsAt ? `Premium until ${formatDate(current.endsAt)}` : 'Premium'} description="Every chapter quiz, progress, revision, mistake review and challenges. It does not renew by itself." />
          : <Card title="No plan yet" description="Premium is one yearly payment, with no automatic renewal."><Link to="/subscribe">See the plan</Link></Card>
      )}
      {/* Refunds have their own flow here (issue 31 §1); a refund ticket links here with ?ticket=. */}
      {plan.data && (current || ticketNumber) && <RefundPanel {...(ticketNumber ? { ticketNumber } : {})} />}
      {payments.data && (
        <Card title="Payments">
          {paid.length === 0 ? <p>No payments yet.</p> : (
            <ul className="lp-payment-status__list lp-receipts" aria-label="Payments">
              {paid.map((t) => <Receipt key={t.paymentId} t={t} billedTo={billedTo} printing={printing === t.paymentId} onPrint={() => setPrinting(t.paymentId)} />)}
            </ul>
          )}
          <p><Link to="/payment-status">All payment attempts</Link></p>
        </Card>
      )}
    </PageFrame>
  );
}
