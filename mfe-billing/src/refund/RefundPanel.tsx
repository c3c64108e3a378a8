// Asking for a refund on /my-plan (issue 31 §1): what will happen → confirm → what was done. Nothing is refunded
// before the learner presses Confirm; svc-billing decides again when it is pressed (GET, then POST /api/refund).
import type { RefundResult } from '@lp/contracts';
import { ConfirmRefund, GetPaymentStatus, GetRefundQuote, GetSubscriptionStatus } from '@lp/contracts/urls';
import { Button, Card, Spinner } from '@lp/ui';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { useFormat } from '@lp/web-platform/format';
import { useT } from '../i18n/index.ts';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { METHOD_NAME, whatWasDone, whatWillHappen } from './refund-text.ts';
import '../billing.css';

export function RefundPanel({ ticketNumber }: { ticketNumber?: string }) {
  // A learner sent here from a refund ticket sees the quote at once; anyone else asks for it.
  const [asking, setAsking] = useState(Boolean(ticketNumber));
  const [done, setDone] = useState<RefundResult | null>(null);
  const t = useT();
  const { formatDate } = useFormat();
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
      <div><Card title={t('refund.confirmedTitle')} aria-label={t('refund.confirmedTitle')} className="lp-refund">
        <p role="status">{whatWasDone(done)}</p>
        {done.ticketNumber && <p>{t('refund.ticketResolved', { ticket: done.ticketNumber })}</p>}
      </Card></div>
    );
  }
  if (!asking) {
    return (
      <div><Card title={t('refund.title')} description={t('refund.guarantee')} className="lp-refund">
        <Button variant="outline" onClick={() => setAsking(true)}>{t('refund.ask')}</Button>
      </Card></div>
    );
  }
  const q = quote.data;
  return (
    <div><Card title={t('refund.ask')} aria-label={t('refund.ask')} className="lp-refund">
      {quote.isPending && <Spinner label={t('refund.checking')} />}
      {quote.isError && <p role="alert">{errorTextOf(quote.error, t('refund.checkFailed'))}</p>}
      {q && !q.eligible && (
        <>
          <p role="note" className="lp-refund__refused">{q.refusal ? t(`refund.refused.${q.refusal}`, { date: q.windowEndsAt ? formatDate(q.windowEndsAt) : '' }) : q.reason}</p>
          <Button variant="outline" onClick={() => setAsking(false)}>{t('common.close')}</Button>
        </>
      )}
      {q?.eligible && (
        <>
          <p className="lp-refund__what">{t('refund.whatWillHappen')}</p>
          <p data-testid="refund-summary" className="lp-refund__summary">{whatWillHappen(q)}.</p>
          <dl className="lp-payment-status__facts">
            <div><dt>{t('refund.paidWith')}</dt><dd>{METHOD_NAME[q.method!] ?? q.method}</dd></div>
            <div><dt>{t('refund.paidOn')}</dt><dd>{formatDate(q.paidAt!)}</dd></div>
            <div><dt>{t('refund.possibleUntil')}</dt><dd>{formatDate(q.windowEndsAt!)}</dd></div>
          </dl>
          <p>{t('refund.progressKept')}</p>
          {confirm.isError && <p role="alert">{errorTextOf(confirm.error, t('refund.failed'))}</p>}
          <div className="lp-refund__actions">
            <Button variant="destructive" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
              {confirm.isPending ? t('refund.refunding') : t('refund.confirm')}
            </Button>
            <Button variant="outline" disabled={confirm.isPending} onClick={() => setAsking(false)}>{t('refund.keep')}</Button>
          </div>
        </>
      )}
    </Card></div>
  );
}
