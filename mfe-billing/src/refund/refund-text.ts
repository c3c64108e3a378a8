// What a refund does, in the words the learner reads before and after confirming (issue 31 §1). The amount comes
// from the payment (svc-billing's quote), written by the shared ₹ formatter.
import { TICKET_NUMBER_PATTERN, type RefundQuote, type RefundResult } from '@lp/contracts';
import { formatMoney } from '@lp/web-platform/format';

export const METHOD_NAME: Record<string, string> = { razorpay: 'Razorpay', paypal: 'PayPal' };

/** "₹500 back to the original method in 5-7 business days; premium ends now". */
export function whatWillHappen(quote: Pick<RefundQuote, 'amount' | 'currency' | 'refundTime'>): string {
  return `${formatMoney(quote.currency!, quote.amount!)} back to the original method in ${quote.refundTime}; premium ends now`;
}

/** "₹500 is on its way back to your original payment method (Razorpay): it arrives within 5-7 business days." */
export function whatWasDone(result: RefundResult): string {
  return `${formatMoney(result.currency, result.amount)} is on its way back to your original payment method (${METHOD_NAME[result.method] ?? result.method}): it arrives within ${result.refundTime}. Premium has ended.`;
}

/** The ticket the learner asked in, from `/my-plan?ticket=…` (only a well-formed number is sent on). */
export function ticketFromSearch(search: URLSearchParams): string | undefined {
  const ticket = search.get('ticket') ?? '';
  return new RegExp(TICKET_NUMBER_PATTERN).test(ticket) ? ticket : undefined;
}
