// The one price list (spec §1, §9): the yearly premium plan by region, in minor units (paise, cents), and
// which gateways take it (India: Razorpay and PayPal, both in INR, as PayPal takes INR between Indian accounts). The server decides every price from here; a client's amount is only checked.
import type { Currency, Money, PaymentProvider, Region } from '@lp/contracts';

export interface Price {
  region: Region;
  /** Minor units: 50000 paise is INR 500.00. */
  amountMinor: number;
  currency: Currency;
  providers: readonly PaymentProvider[];
}

export const PRICE_LIST: Record<Region, Price> = {
  india: { region: 'india', amountMinor: 50_000, currency: 'INR', providers: ['razorpay', 'paypal'] },
  us: { region: 'us', amountMinor: 500, currency: 'USD', providers: ['paypal'] },
  europe: { region: 'europe', amountMinor: 500, currency: 'EUR', providers: ['paypal'] },
  other: { region: 'other', amountMinor: 500, currency: 'USD', providers: ['razorpay', 'paypal'] },
};

export const PLAN_DESCRIPTION = 'Premium yearly plan: full chapter and topic quizzes, progress, revision, mistake review, friend challenges, all subjects';

/** Minor units to the wire's major-unit string: 50000 -> '500.00'. */
export function toMoney(amountMinor: number): Money {
  if (!Number.isInteger(amountMinor) || amountMinor < 0) throw new Error(`not an amount in minor units: ${amountMinor}`);
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

/** A major-unit string to minor units: '5.00' -> 500; null when it is not a two-place decimal. */
export function fromMoney(money: string): number | null {
  const m = /^(\d{1,9})\.(\d{2})$/.exec(money);
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}

export type PriceCheck = { ok: true; price: Price } | { ok: false; message: string };

/**
 * The price a gateway charges for a currency. Several regions may share one (USD: us and other); the amount is
 * the same for them. A currency the gateway does not take here, or an amount that disagrees, is refused.
 */
export function priceFor(provider: PaymentProvider, currency: Currency, amountMinor?: number): PriceCheck {
  const price = Object.values(PRICE_LIST).find((p) => p.currency === currency && p.providers.includes(provider));
  const label = provider === 'razorpay' ? 'Razorpay' : 'PayPal';
  if (!price) {
    const takes = [...new Set(Object.values(PRICE_LIST).filter((p) => p.providers.includes(provider)).map((p) => p.currency))].join(' or ');
    return { ok: false, message: `${label} takes the yearly plan in ${takes}, not ${currency}. Choose your region again on the subscription page.` };
  }
  if (amountMinor !== undefined && amountMinor !== price.amountMinor) {
    return { ok: false, message: `The yearly plan costs ${currency} ${toMoney(price.amountMinor)}, not ${currency} ${toMoney(amountMinor)}. Reload the subscription page to see the current price.` };
  }
  return { ok: true, price };
}

/** One year of premium from `start` (same calendar day next year; 29 Feb becomes 1 Mar). */
export function yearlyPeriod(start: Date): { startsAt: Date; endsAt: Date } {
  const endsAt = new Date(start);
  endsAt.setUTCFullYear(endsAt.getUTCFullYear() + 1);
  return { startsAt: start, endsAt };
}

/** A new period starts when the learner's current one ends, or now if none is running. */
export function nextPeriodStart(now: Date, currentEnds: readonly Date[]): Date {
  const latest = currentEnds.reduce((max, d) => (d.getTime() > max ? d.getTime() : max), now.getTime());
  return new Date(latest);
}
