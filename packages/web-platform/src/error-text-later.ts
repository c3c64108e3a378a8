/**
 * `errorTextOf` for a page that must not carry it on its first load (the guest page, the dashboard): the error texts
 * module is fetched only when a call has failed. Offline, when even that chunk cannot come, `fallback` (the page's own
 * text) or the service's English stands in.
 */
import { useEffect, useState } from 'react';
import { errorMessageOf } from '@lp/web-platform';

export const errorTextLater = (error: unknown, fallback?: string): Promise<string> =>
  import('./error-texts.ts').then((m) => m.errorTextWhenReady(error, fallback), () => fallback ?? errorMessageOf(error));

/** The text of `error` once it is known (null before, and for no error): for an error shown while rendering. */
export function useErrorTextLater(error: unknown, fallback?: string): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(null);
    if (!error) return;
    let live = true;
    void errorTextLater(error, fallback).then((shown) => { if (live) setText(shown); });
    return () => { live = false; };
  }, [error, fallback]);
  return text;
}
