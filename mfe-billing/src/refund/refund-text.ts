// What a refund does, in the words the learner reads before and after confirming (issue 31 §1). The amount comes
// from the payment (svc-billing's quote), written by the shared ₹ formatter.
import { TICKET_NUMBER_PATTERN, type RefundQuote, type RefundResult } from '@lp/contracts';
import { formatMoney } from '@lp/web-platform/format';
import { useI18n } from '@lp/web-platform/i18n';
import { t } from '../i18n/index.ts';

export const METHOD_NAME: Record<string, string> = { razorpay: 'Razorpay', paypal: 'PayPal' };

const money = (currency: string, amount: string) => formatMoney(currency, amount, { language: useI18n.getState().language });
/** The gateway's time as svc-billing says it ("5-7 business days"), in the page's language. */
const refundTime = (time: string | undefined) => (time ?? '').replace('business days', t('refund.businessDays'));

/** "₹500 back to the original method in 5-7 business days; premium ends now". */
export function whatWillHappen(quote: Pick<RefundQuote, 'amount' | 'currency' | 'refundTime'>): string {
  return t('refund.summary', { amount: money(quote.currency!, quote.amount!), time: refundTime(quote.refundTime) });
}

/** "₹500 is on its way back to your original payment method (Razorpay): it arrives within 5-7 business days." */
export function whatWasDone(result: RefundResult): string {
  return t('refund.done', { amount: money(result.currency, result.amount), method: METHOD_NAME[result.method] ?? result.method, time: refundTime(result.refundTime) });
}

/** The ticket the learner asked in, from `/my-plan?ticket=…` (only a well-formed number is sent on). */
export function ticketFromSearch(search: URLSearchParams): string | undefined {
  const ticket = search.get('ticket') ?? '';
  return new RegExp(TICKET_NUMBER_PATTERN).test(ticket) ? ticket : undefined;
}
