/** The subject whose chapter files can be downloaded, and the page that lists them (spec §2 /download-biology). */
export const BIOLOGY_DOWNLOADS = { className: 'CBSE Class 12', subjectName: 'Biology', path: '/download-biology' } as const;

/** The downloads page of a subject, if it has one: linked from its dashboard section. */
export function downloadsPathOf(subject: { className: string; name: string }): string | null {
  return subject.className === BIOLOGY_DOWNLOADS.className && subject.name === BIOLOGY_DOWNLOADS.subjectName ? BIOLOGY_DOWNLOADS.path : null;
}

/** Starting chapter file downloads in the browser (spec §2, §9: Download All spaces them 500 ms apart). */
export const DOWNLOAD_SPACING_MS = 500;

/** Starts one download: a temporary link to the file, clicked (the server sends it as an attachment). */
export function startDownload(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Calls `start` for each item, the first at once and each next one `spacingMs` later (browsers drop
 * downloads started in a burst). `onStarted` reports how many have started. Returns a cancel function.
 */
export function startSpaced<T>(
  items: readonly T[],
  start: (item: T) => void,
  { spacingMs = DOWNLOAD_SPACING_MS, onStarted }: { spacingMs?: number; onStarted?: (count: number) => void } = {},
): () => void {
  const timers = items.map((item, i) =>
    setTimeout(() => {
      start(item);
      onStarted?.(i + 1);
    }, i * spacingMs),
  );
  return () => timers.forEach(clearTimeout);
}
