/**
 * The comparison form of Devanagari (Hindi) text, for checking short answers typed on any keyboard. Every step
 * folds spellings that a Hindi reader takes as the same word, so a student is not marked wrong for the input
 * method or a common, accepted spelling variant:
 *  1. Nukta: precomposed क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़ (U+0958-095F) and the base letter + nukta (U+093C) are one letter, and
 *     both fold to the base letter (ज़रूरी = ज़रूरी = जरूरी): many keyboards and most handwriting drop the nukta.
 *  2. ZWJ / ZWNJ (U+200D / U+200C) only choose a glyph shape (half forms), never a different word: removed.
 *  3. Candrabindu ँ (U+0901) → anusvara ं (U+0902): both mark nasalisation and are used interchangeably
 *     (माँ / मां, पाँच / पांच).
 *  4. The candra vowels of English loanwords, ॉ and ऑ (U+0949, U+0911) → ा and आ, ॅ and ऍ (U+0945, U+090D) → े and ए:
 *     डॉक्टर / डाक्टर, ऑक्सीजन / आक्सीजन are both standard in print.
 *  5. A nasal consonant + virama before a consonant of its own class (panchamakshar) → anusvara: हिन्दी / हिंदी,
 *     सम्बन्ध / संबंध, ठण्डा / ठंडा. Only within the class, so अन्य or सम्राट are left as they are.
 *  6. Devanagari digits ०-९ → 0-9.
 * Short and long vowels (ि / ी, ु / ू) are NOT folded: दिन (day) and दीन (poor) are different words.
 */

const NUKTA = /\u093C/g;
const JOINERS = /[\u200C\u200D]/g;
const CANDRABINDU = /\u0901/g;
const CANDRA_VOWELS: Record<string, string> = { '\u0949': '\u093E', '\u0911': '\u0906', '\u0945': '\u0947', '\u090D': '\u090F' };
/** ङ् before क-घ, ञ् before च-झ, ण् before ट-ढ, न् before त-ध, म् before प-भ. */
const CLASS_NASAL = /\u0919\u094D(?=[\u0915-\u0918])|\u091E\u094D(?=[\u091A-\u091D])|\u0923\u094D(?=[\u091F-\u0922])|\u0928\u094D(?=[\u0924-\u0927])|\u092E\u094D(?=[\u092A-\u092D])/g;
const DIGITS = /[\u0966-\u096F]/g;

/** Text with any Devanagari in its comparison form (see above); other scripts pass through unchanged. */
export function foldDevanagari(s: string): string {
  if (!/[\u0900-\u097F\u200C\u200D]/.test(s)) return s;
  return s
    .normalize('NFD') // splits क़ (U+0958) into क + nukta, which NFC would not recompose
    .replace(NUKTA, '')
    .replace(JOINERS, '')
    .replace(CANDRABINDU, '\u0902')
    .replace(/\u0949|\u0911|\u0945|\u090D/g, (c) => CANDRA_VOWELS[c] ?? c)
    .replace(CLASS_NASAL, '\u0902')
    .replace(DIGITS, (d) => String(d.charCodeAt(0) - 0x0966))
    .normalize('NFC');
}
