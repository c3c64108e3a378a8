/**
 * The language a student studies in, for question content (issue 33 §1). Read from `<html lang>` (the UI's i18n
 * sets it); this hook is the one place to rewire when the language comes from elsewhere.
 */
import { useSyncExternalStore } from 'react';
import { HINDI_TRUE_FALSE_OPTIONS } from '@lp/question-rules/hindi-labels';

export type ContentLanguage = 'en' | 'hi';

const read = (): ContentLanguage => (/^hi\b/i.test(document.documentElement.lang) ? 'hi' : 'en');

function watch(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}

export function useStudentLanguage(): ContentLanguage {
  return useSyncExternalStore(watch, read, () => 'en');
}

/** A question's Hindi version as the quiz shows it. */
export interface HindiQuestionText {
  question: string;
  /** In the English options' order; [] when not given (true/false reads सही / गलत). */
  options: readonly string[];
}

/** The options to show in Hindi: the Hindi ones when they match in number, सही / गलत for true/false, else the English. */
export function hindiOptions(options: readonly string[], hi: HindiQuestionText): readonly string[] {
  if (hi.options.length === options.length && options.length > 0) return hi.options;
  return options.length === 2 && options[0] === 'True' && options[1] === 'False' ? HINDI_TRUE_FALSE_OPTIONS : options;
}
