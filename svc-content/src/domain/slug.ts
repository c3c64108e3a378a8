// The file name a chapter is downloaded as: `class-12-biology-ch01-sexual-reproduction-in-flowering-plants.json`.
// The same rule named the seed files, so a published seed chapter downloads under its seed file name.

/** Lower-case words joined by dashes; `&` and punctuation are dropped: `History & Geography` → `history-geography`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface ChapterFileParts {
  className: string;
  subjectName: string;
  chapterName: string;
  /** The NCERT chapter number, when known. */
  number?: number | null;
}

const MAX_SLUG = 140;

/** The chapter's file slug, without `.json`. Always matches the download route's file-name pattern. */
export function chapterSlug({ className, subjectName, chapterName, number }: ChapterFileParts): string {
  const classPart = slugify(className.replace(/^CBSE\s+/i, '')) || 'class';
  const chapterPart = number ? `ch${String(number).padStart(2, '0')}-` : '';
  const slug = `${classPart}-${slugify(subjectName) || 'subject'}-${chapterPart}${slugify(chapterName) || 'chapter'}`;
  return slug.slice(0, MAX_SLUG).replace(/-+$/, '');
}

export const chapterFileName = (parts: ChapterFileParts) => `${chapterSlug(parts)}.json`;
