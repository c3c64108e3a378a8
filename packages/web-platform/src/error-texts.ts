/**
 * What a failed call says to a person in the page's language (issue 33 §1). Services answer `{ code, message }` in
 * English (the spec's texts); in Hindi the page shows the Hindi text of the error's `code` instead, with the English
 * message's numbers, waits and dates carried over. English, and a code without a Hindi text, read as before
 * (`errorMessageOf`). The Hindi texts are a lazy chunk loaded only in Hindi, like a remote's catalogue; this module is
 * bundled by each remote that shows errors (not shared, not in the root module).
 */
import { errorCodeOf, errorMessageOf } from '@lp/web-platform';
import { catalogueReady, defineMessages, localeOf, useI18n, type Language, type Vars } from '@lp/web-platform/i18n';

// No English catalogue: the English is the service's own message.
const { t } = defineMessages('api-errors', {}, { hi: () => import('./error-texts-hi.ts') });
const textOf = t as unknown as (code: string, vars: Vars) => string;

const HINDI_UNITS: Record<string, [one: string, other: string]> = {
  second: ['सेकंड', 'सेकंड'], minute: ['मिनट', 'मिनट'], hour: ['घंटा', 'घंटे'], day: ['दिन', 'दिन'],
};
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/**
 * The English message's parameters, for a translation's placeholders: `{wait}` its first duration ("45 seconds"),
 * (else "a while"), `{date}` its first date ("27 Nov 2026"), `{size}` its first size ("5 MB"), each as the language writes it.
 */
function varsOf(english: string, language: Language): Vars {
  const vars: Vars = {};
  const wait = /(\d+) (second|minute|hour|day)s?\b/.exec(english);
  vars.wait = wait ? `${wait[1]} ${HINDI_UNITS[wait[2]!]![wait[1] === '1' ? 0 : 1]}` : textOf('aWhile', {});
  const date = /(\d{1,2}) ([A-Z][a-z]{2})[a-z]* (\d{4})/.exec(english);
  const month = date ? MONTHS.indexOf(date[2]!) / 3 : -1;
  if (date && Number.isInteger(month) && month >= 0) {
    vars.date = new Date(Date.UTC(Number(date[3]), month, Number(date[1])))
      .toLocaleDateString(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  const size = /\d+(?:\.\d+)? ?[KMG]i?B\b/.exec(english);
  if (size) vars.size = size[0];
  return vars;
}

/**
 * The one error text of every page, `errorMessageOf`'s rule in the page's language: in Hindi, the Hindi text of the
 * service's code when there is one (its catalogue loaded); otherwise the service's message, else `fallback`, else the
 * error's own text.
 */
export function errorTextOf(error: unknown, fallback?: string): string {
  const english = errorMessageOf(error, fallback);
  const code = errorCodeOf(error);
  const { language } = useI18n.getState();
  if (!code || language === 'en') return english;
  const text = textOf(code, varsOf(english, language));
  // The translator answers the key itself for a code it has no text for.
  return text === code ? english : text;
}

/**
 * `errorTextOf` once the Hindi texts are there: for a page that imports this module only when a call fails (keeping
 * it off its first load), which may ask before the lazy catalogue has arrived.
 */
export async function errorTextWhenReady(error: unknown, fallback?: string): Promise<string> {
  await catalogueReady();
  return errorTextOf(error, fallback);
}
