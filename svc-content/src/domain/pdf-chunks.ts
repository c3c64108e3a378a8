// PDF text → chunks an AI model can take: whole pages together up to a size, each page marked with its number so
// the model can say where a question came from; a page longer than one chunk is split at paragraph or sentence ends.
export interface PdfPage { page: number; text: string }
export interface TextChunk { index: number; firstPage: number; lastPage: number; text: string; pages: PdfPage[] }

/** Collapses the spacing pdf text extraction leaves behind (hyphenated line ends, runs of blanks). */
export function cleanPageText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(\w)-\n(\w)/g, '$1$2')
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Splits a text longer than `max` at paragraph, then sentence, then word boundaries. */
function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('. '), window.lastIndexOf('\n'));
    const at = cut > max / 2 ? cut + 1 : Math.max(window.lastIndexOf(' '), Math.floor(max / 2));
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Pages in order → chunks of at most `maxChars` characters of page text; pages with no text are left out. */
export function chunkPages(pages: PdfPage[], maxChars: number): TextChunk[] {
  const chunks: TextChunk[] = [];
  let current: PdfPage[] = [];
  let size = 0;
  const flush = () => {
    if (current.length === 0) return;
    chunks.push({
      index: chunks.length,
      firstPage: current[0]!.page,
      lastPage: current[current.length - 1]!.page,
      pages: current,
      text: current.map((p) => `[Page ${p.page}]\n${p.text}`).join('\n\n'),
    });
    current = [];
    size = 0;
  };
  for (const raw of pages) {
    const text = cleanPageText(raw.text);
    if (text === '') continue;
    for (const piece of splitLong(text, maxChars)) {
      if (size > 0 && size + piece.length > maxChars) flush();
      current.push({ page: raw.page, text: piece });
      size += piece.length;
    }
  }
  flush();
  return chunks;
}

/** How many questions to ask of each chunk so the total reaches `wanted` (spread by chunk size, at least 1 each). */
export function questionsPerChunk(chunks: TextChunk[], wanted: number): number[] {
  if (chunks.length === 0) return [];
  const total = chunks.reduce((sum, c) => sum + c.text.length, 0);
  const shares = chunks.map((c) => Math.max(1, Math.round((wanted * c.text.length) / total)));
  // Ask a little more than wanted overall: the review drops some.
  let sum = shares.reduce((a, b) => a + b, 0);
  for (let i = 0; sum < wanted; i = (i + 1) % shares.length, sum++) shares[i]! += 1;
  return shares;
}
