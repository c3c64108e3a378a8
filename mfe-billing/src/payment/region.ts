// The region a visitor is most likely paying from, guessed from the browser's time zone and language (spec §9);
// the learner can change it, and the server prices whatever region is chosen.
import { PRICES, type PaymentProvider, type Region } from '@lp/contracts';
import { formatMoney } from '@lp/web-platform/format';

/** A region's label in the catalogue: `t(regionKey(region))` ("India (INR)"). */
export const regionKey = (region: Region) => `region.${region}` as const;

export function guessRegion(timeZone: string | undefined, language: string | undefined): Region {
  const tz = timeZone ?? '';
  const lang = (language ?? '').toLowerCase();
  if (tz === 'Asia/Kolkata' || tz === 'Asia/Calcutta' || lang.endsWith('-in') || lang === 'hi' || lang.startsWith('hi-') || lang.startsWith('ml')) return 'india';
  if (tz.startsWith('Europe/')) return 'europe';
  if (/^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Detroit|Indiana|Kentucky|Boise)/.test(tz) || tz.startsWith('US/') || tz === 'Pacific/Honolulu') return 'us';
  return 'other';
}

export function browserRegion(): Region {
  try {
    return guessRegion(Intl.DateTimeFormat().resolvedOptions().timeZone, typeof navigator === 'undefined' ? undefined : navigator.language);
  } catch {
    return 'other';
  }
}

/** "₹500": the region's yearly price in the one money format of every page. */
export const priceLabel = (region: Region) => formatMoney(PRICES[region].currency, PRICES[region].amount);

/** What each gateway lets the learner pay with, shown beside its button (a brand alone says little): `t(methodsKey(p))`. */
export const methodsKey = (provider: PaymentProvider) => `methods.${provider}` as const;
