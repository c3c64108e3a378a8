/**
 * The one way a price or a date is written on every page, in Indian form: "₹500", "27 Nov 2026",
 * "27 Nov 2026, 12:21 am". `@lp/web-platform/format` is not a shared module and not in the root module:
 * only the pages that show prices or dates bundle it, so the guest page carries none of it.
 */

/** "₹500", "$5", "₹12.50": whole amounts without needless decimals; lakh grouping ("₹1,00,000"). */
export function formatMoney(currency: string, amount: string | number): string {
  const value = Number(amount);
  return new Intl.NumberFormat('en-IN', {
    style: 'currency', currency, minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2,
  }).format(value);
}

/** `timeZone` is for tests; a page shows the reader's own time zone. */
type Options = { timeZone?: string };

const DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/** "27 Nov 2026". */
export const formatDate = (when: string | Date, { timeZone }: Options = {}): string =>
  new Intl.DateTimeFormat('en-IN', { ...DATE, timeZone }).format(new Date(when));

/** "27 Nov 2026, 12:21 am": where the time of day matters (a payment, a message). */
export const formatDateTime = (when: string | Date, { timeZone }: Options = {}): string =>
  new Intl.DateTimeFormat('en-IN', { ...DATE, hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(new Date(when));
