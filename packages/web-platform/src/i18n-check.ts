// Each remote's catalogue test (tests only, not shared, not bundled by any page).
import type { Catalogue } from './i18n.ts';

/** Keys a translation lacks or has beyond English: both empty for a complete catalogue (each remote's test). */
export function catalogueDifferences(english: Catalogue, translation: Catalogue): { missing: string[]; orphans: string[] } {
  const has = (c: Catalogue, key: string) => Object.hasOwn(c, key);
  return {
    missing: Object.keys(english).filter((key) => !has(translation, key) || typeof english[key] !== typeof translation[key]),
    orphans: Object.keys(translation).filter((key) => !has(english, key)),
  };
}
