/**
 * The one way a price or a date is written on every page, in Indian form: "₹500", "27 Nov 2026",
 * "27 Nov 2026, 12:21 am" (Hindi: "27 नव॰ 2026"). `@lp/web-platform/format` is not a shared module and not in the
 * root module: only the pages that show prices or dates bundle it, so the guest page carries none of it.
 */
import { localeOf, useI18n, type Language } from '@lp/web-platform/i18n';

/** `timeZone` is for tests (a page shows the reader's own time zone); `language` defaults to English. */
type Options = { timeZone?: string; language?: Language };

/** "₹500", "$5", "₹12.50": whole amounts without needless decimals; lakh grouping ("₹1,00,000"). */
export function formatMoney(currency: string, amount: string | number, { language = 'en' }: Options = {}): string {
  const value = Number(amount);
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency', currency, minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2,
  }).format(value);
}

const DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/** "27 Nov 2026". */
export const formatDate = (when: string | Date, { timeZone, language = 'en' }: Options = {}): string =>
  new Intl.DateTimeFormat(localeOf(language), { ...DATE, timeZone }).format(new Date(when));

/** "27 Nov 2026, 12:21 am": where the time of day matters (a payment, a message). */
export const formatDateTime = (when: string | Date, { timeZone, language = 'en' }: Options = {}): string =>
  new Intl.DateTimeFormat(localeOf(language), { ...DATE, hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(new Date(when));

/** "12:21:05 am": a time of day to the second (a live figure's sample), in the reader's language, not the browser's. */
export const formatTime = (when: string | Date, { timeZone, language = 'en' }: Options = {}): string =>
  new Intl.DateTimeFormat(localeOf(language), { hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true, timeZone }).format(new Date(when));

/** The formats in the page's language (`@lp/web-platform/i18n`); re-renders when it changes. */
export function useFormat() {
  const language = useI18n((s) => s.language);
  return {
    formatMoney: (currency: string, amount: string | number) => formatMoney(currency, amount, { language }),
    formatDate: (when: string | Date) => formatDate(when, { language }),
    formatDateTime: (when: string | Date) => formatDateTime(when, { language }),
    formatTime: (when: string | Date) => formatTime(when, { language }),
  };
}
