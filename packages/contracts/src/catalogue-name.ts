// One rule for when two catalogue names (class subject, chapter, topic) are the same: "biology" and " Biology "
// are, so an upload files under the name already stored rather than beside it. svc-content applies it when
// publishing; mfe-admin uses it to mark new versus existing in the preview.

/** A name with its spacing tidied: trimmed, inner runs of white space as one space. */
export const tidyCatalogueName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/** What two names must share to be the same: tidied, letter case ignored. */
export const catalogueNameKey = (name: string): string => tidyCatalogueName(name).toLocaleLowerCase('en');

/** The stored name `name` stands for (differing only in case or spacing), or null when it is new. */
export function existingCatalogueName(name: string, stored: readonly string[]): string | null {
  const key = catalogueNameKey(name);
  return stored.find((s) => catalogueNameKey(s) === key) ?? null;
}
