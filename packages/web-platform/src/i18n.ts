/**
 * The interface's languages (issue 33 §1): English, the source text bundled with each remote so it paints without
 * waiting, and Hindi, a catalogue per remote loaded as a lazy chunk when it is the language. Hand-made rather than a
 * library: the guest page had ~1.4 KiB to spare and this is a few hundred bytes (Intl does plurals and numbers).
 * A shared singleton (`@lp/web-platform/i18n`): the chosen language is one store per page, whichever remote reads it.
 */
import { create } from 'zustand';

export type Language = 'en' | 'hi';
export const LANGUAGES: readonly Language[] = ['en', 'hi'];
/** Each language named in itself, as the menus show it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };
/** A visitor's choice, remembered on the device (a signed-in user's is also kept on their profile). */
export const LANGUAGE_STORAGE_KEY = 'lp-language';

/** A plural message: the form for each of the language's plural categories (`Intl.PluralRules`), `other` always. */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | PluralMessage;
export type Catalogue = Record<string, Message>;
/** A translation of catalogue `C`: every key, none more (the compiler checks both), plural where English is. */
export type Translation<C extends Catalogue> = { [K in keyof C]: C[K] extends string ? string : PluralMessage };
export type Vars = Record<string, string | number>;
export type Translate<C extends Catalogue> = (key: keyof C & string, vars?: Vars) => string;
type Loader<C extends Catalogue> = () => Promise<{ default: Translation<C> }>;

const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'hi';

/** `hi`, `hi-IN` → Hindi; anything else → English. */
export const languageOfTag = (tag: string | undefined): Language => (tag?.toLowerCase().startsWith('hi') ? 'hi' : 'en');

/** The language a page starts in: the one chosen on this device, else the browser's first preference. */
export function detectLanguage(): Language {
  if (typeof window === 'undefined') return 'en';
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage blocked: fall back to the browser's preference.
  }
  return languageOfTag(navigator.languages?.[0] ?? navigator.language);
}

interface I18nState {
  language: Language;
  /** Loaded translations by `remote:language`. */
  loaded: Record<string, Catalogue>;
}

export const useI18n = create<I18nState>(() => ({ language: 'en', loaded: {} }));

const loaders = new Map<string, Partial<Record<Language, () => Promise<{ default: Catalogue }>>>>();
const loading = new Map<string, Promise<void>>();

/** Loads `remote`'s catalogue for `language` once (English is bundled); a failed load is retried at the next ask. */
function loadCatalogue(remote: string, language: Language): Promise<void> {
  const id = `${remote}:${language}`;
  const load = loaders.get(remote)?.[language];
  if (!load || useI18n.getState().loaded[id]) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    pending = load().then(
      (module) => useI18n.setState((s) => ({ loaded: { ...s.loaded, [id]: module.default } })),
      // Offline or a failed chunk: English stays; the next switch asks again.
      () => { loading.delete(id); },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Resolves when every catalogue known so far is there for the current language (a remote's mount may wait on it). */
export const catalogueReady = (): Promise<unknown> =>
  Promise.all([...loaders.keys()].map((remote) => loadCatalogue(remote, useI18n.getState().language)));

/**
 * Switches the page's language: the catalogues first, then one render in the new language (no reload, no English
 * flash). `remember: false` for a language that came from the user's profile and is already kept there.
 */
export async function setLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (remember) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage blocked: the choice lasts this page.
    }
  }
  await Promise.all([...loaders.keys()].map((remote) => loadCatalogue(remote, language)));
  useI18n.setState({ language });
}

// `<html lang>` follows the language: screen readers pronounce by it, and other code (fonts, tests) reads it.
useI18n.subscribe(({ language }) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** The locale Intl formats with: Indian English, or Hindi (Indian digits 0-9 in both). */
export const localeOf = (language: Language): string => `${language}-IN`;

/**
 * CLDR's plural rule for English (1 is `one`) and Hindi (0 to 1 are `one`), written out: `Intl.PluralRules`, built
 * per call, loaded ICU data in the account menu's first render (~150 ms of a throttled phone's dashboard load).
 */
const pluralOf = (language: Language, count: number): Intl.LDMLPluralRule =>
  Math.abs(count) === 1 || (language === 'hi' && Math.abs(count) < 1) ? 'one' : 'other';

const numberFormats: Partial<Record<Language, Intl.NumberFormat>> = {};

/** A number as the language writes it; a small whole number (most counts) reads the same in both, without Intl. */
const formatNumber = (value: number, language: Language): string =>
  Number.isInteger(value) && value >= 0 && value < 1000
    ? String(value)
    : (numberFormats[language] ??= new Intl.NumberFormat(localeOf(language))).format(value);

/** Fills `{name}` placeholders; a plural message picks its form by `count`. */
export function formatMessage(message: Message, language: Language, vars: Vars = {}): string {
  const text = typeof message === 'string'
    ? message
    : (message[pluralOf(language, Number(vars.count ?? 0))] ?? message.other);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : typeof value === 'number' ? formatNumber(value, language) : value;
  });
}

/** `t` for one language: the translation's message, else English's (a key missing or left empty reads in English). */
export function translator<C extends Catalogue>(english: C, translation: Catalogue | undefined, language: Language): Translate<C> {
  return (key, vars) => formatMessage(translation?.[key] || english[key] || key, language, vars);
}

export interface Messages<C extends Catalogue> {
  /** `const t = useT(); t('greeting', { name })`: re-renders when the language changes or its catalogue arrives. */
  useT(): Translate<C>;
  /** `t` in the current language outside React (a toast raised from a callback). */
  t: Translate<C>;
}

/**
 * A remote's messages: its English source catalogue and how to load each translation (`() => import('./hi.ts')`,
 * a chunk of its own). Registering starts loading the current language's catalogue at once.
 */
export function defineMessages<const C extends Catalogue>(remote: string, english: C, translations: { hi: Loader<C> }): Messages<C> {
  loaders.set(remote, translations as unknown as Partial<Record<Language, () => Promise<{ default: Catalogue }>>>);
  const { language } = useI18n.getState();
  if (language !== 'en') void loadCatalogue(remote, language);
  const current = (s: I18nState) => s.loaded[`${remote}:${s.language}`];
  return {
    useT() {
      const language = useI18n((s) => s.language);
      const translation = useI18n(current);
      return translator(english, translation, language);
    },
    t: (key, vars) => {
      const state = useI18n.getState();
      return translator(english, current(state), state.language)(key, vars);
    },
  };
}

// The page starts in the device's or browser's language; the shell applies a signed-in user's own once it knows them.
if (typeof window !== 'undefined') useI18n.setState({ language: detectLanguage() });
