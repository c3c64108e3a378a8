/**
 * Catalogue names (subjects, chapters, topics) in the reader's language (issue 33 §1): the Hindi name when the
 * catalogue gives one and the page reads in Hindi, else the English name. English mode is unchanged.
 */
import { createElement, type ReactElement } from 'react';
import { useI18n, type Language } from '@lp/web-platform/i18n';

/** Anything the catalogue names: `hi.name` is present only where a Hindi name was published. */
export interface Named {
  name: string;
  hi?: { name: string } | undefined;
}

/** The name to show in `language`. */
export const nameIn = (language: Language, item: Named): string => (language === 'hi' && item.hi?.name ? item.hi.name : item.name);

/** `nameIn` bound to the page's language (re-renders when it changes). */
export function useNameIn(): (item: Named) => string {
  const language = useI18n((s) => s.language);
  return (item) => nameIn(language, item);
}

/**
 * A name as text: in Hindi, the Hindi name with the English one as its `title` (a student who knows the English
 * name from class still finds it); in English, the bare text, byte for byte as before.
 */
export function CatalogueName({ item }: { item: Named }): ReactElement | string {
  const language = useI18n((s) => s.language);
  const shown = nameIn(language, item);
  return shown === item.name ? shown : createElement('span', { title: item.name, lang: 'hi' }, shown);
}

/** `nameIn` in the page's language now, for code outside React (a quiz plan built once when it loads). */
export const nameNow = (item: Named): string => nameIn(useI18n.getState().language, item);

/** "CBSE Class 12" as the reader reads it: "CBSE कक्षा 12" in Hindi (the class names are the interface's, not content). */
export const classNameIn = (language: Language, className: string): string =>
  (language === 'hi' ? className.replace(/^CBSE Class /, 'CBSE कक्षा ') : className);

/** `classNameIn` bound to the page's language. */
export function useClassNameIn(): (className: string) => string {
  const language = useI18n((s) => s.language);
  return (className) => classNameIn(language, className);
}
