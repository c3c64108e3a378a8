/**
 * The class a visitor picked on the landing page (`/dashboard?class=…&remember=class`, issue 31 §11) becomes their
 * class: stored on this device, and saved to the learner's profile once signed in (sign-in returns to this URL).
 * A learner without a saved class also gets the one this device remembers.
 */
import { useEffect } from 'react';
import type { ClassName } from '@lp/contracts';
import { CLASS_STORAGE_KEY, choiceStore, isClassName } from './class-selection.ts';

export const REMEMBER_CLASS = 'class';

export interface RememberSources {
  urlClass: string | null;
  remember: string | null;
  storedClass: string | null;
  signedIn: boolean;
  profileClass: string | null | undefined;
}

/** What to keep: the class to store on the device, and the class to save to the profile (null: nothing). */
export function classToRemember({ urlClass, remember, storedClass, signedIn, profileClass }: RememberSources): { store: ClassName | null; save: ClassName | null } {
  const picked = remember === REMEMBER_CLASS && isClassName(urlClass) ? urlClass : null;
  const store = picked && picked !== storedClass ? picked : null;
  const wanted = picked ?? (isClassName(profileClass) ? null : isClassName(storedClass) ? storedClass : null);
  const save = signedIn && wanted && wanted !== profileClass ? wanted : null;
  return { store, save };
}

/** Applies `classToRemember` once the session is known. */
export function useRememberClass(sources: RememberSources & { known: boolean }, saveClass: (className: ClassName) => void) {
  const { store, save } = classToRemember(sources);
  useEffect(() => {
    if (!sources.known) return;
    if (store) choiceStore.set(CLASS_STORAGE_KEY, store);
    if (save) saveClass(save);
  }, [sources.known, store, save, saveClass]);
}
