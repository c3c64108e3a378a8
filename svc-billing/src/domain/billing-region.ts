// The region a payment is priced for is the buyer's, not the one picked on the page: a learner in India pays the
// India price (INR 500) whatever region they choose. The buyer's country is what the gateway reports (Razorpay: a
// domestic instrument; PayPal: the payer's address). Pure: no I/O.
import type { Currency } from '@lp/contracts';
import { PRICE_LIST } from './prices';

export const REGION_MISMATCH = 'REGION_MISMATCH';

/** Why a payment from `billingCountry` in `currency` is refused, or null when it is fine (or the country is not reported). */
export function billingRegionProblem(currency: Currency, billingCountry: string | null | undefined): string | null {
  if (billingCountry !== 'IN' || currency === PRICE_LIST.india.currency) return null;
  return `Payments from India are in INR: choose the India region on the subscription page and pay INR 500.00 with Razorpay or PayPal. This ${currency} payment was not taken, or is refunded in full.`;
}
