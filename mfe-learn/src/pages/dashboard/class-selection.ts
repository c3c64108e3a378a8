/**
 * The dashboard's class and subject (spec §4 "Dashboard class"): the URL parameter, else the stored
 * value, else the profile, else CBSE Class 12. Changing the class clears the subject.
 */
import type { SubjectWithChapters } from '@lp/contracts';
import { CLASS_NAMES, DEFAULT_CLASS, type ClassName } from '@lp/contracts/class-names';

export const CLASS_STORAGE_KEY = 'selectedClass';
export const SUBJECT_STORAGE_KEY = 'selectedSubject';

export const isClassName = (value: unknown): value is ClassName =>
  typeof value === 'string' && (CLASS_NAMES as readonly string[]).includes(value);

export interface ClassSources {
  urlClass?: string | null;
  storedClass?: string | null;
  profileClass?: string | null;
}

/** The first valid class of URL, stored value and profile, else the default. */
export function resolveClass({ urlClass, storedClass, profileClass }: ClassSources): ClassName {
  for (const candidate of [urlClass, storedClass, profileClass]) if (isClassName(candidate)) return candidate;
  return DEFAULT_CLASS;
}

export interface SubjectSources {
  urlSubjectId?: string | null;
  urlSubjectName?: string | null;
  storedSubjectId?: string | null;
  profileSubjectId?: string | null;
}

/**
 * The preselected subject id among the class's subjects: the URL's `subject` (an id) or `subjectName`,
 * else the stored one, else the profile's; null (all subjects) when none of them is a subject of this class.
 */
export function resolveSubject(subjects: readonly SubjectWithChapters[], sources: SubjectSources): string | null {
  const byId = (id?: string | null) => (id ? subjects.find((s) => s.id === id)?.id : undefined);
  const byName = (name?: string | null) =>
    name ? subjects.find((s) => s.name.trim().toLowerCase() === name.trim().toLowerCase())?.id : undefined;
  return (
    byId(sources.urlSubjectId) ??
    byName(sources.urlSubjectName) ??
    byId(sources.storedSubjectId) ??
    byId(sources.profileSubjectId) ??
    null
  );
}

/** localStorage, tolerating browsers where it is unavailable (private modes, blocked storage). */
export const choiceStore = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Not stored: the URL and the profile still carry the choice.
    }
  },
};

/** The dashboard URL for a choice: it is kept in the address bar, so a reload or a shared link shows the same. */
export function dashboardUrl(className: ClassName, subjectId: string | null): string {
  const search = new URLSearchParams({ class: className });
  if (subjectId) search.set('subject', subjectId);
  return `/dashboard?${search.toString()}`;
}
