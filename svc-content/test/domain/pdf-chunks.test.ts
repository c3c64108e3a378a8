import { describe, expect, it } from 'vitest';
import { chunkPages, cleanPageText, questionsPerChunk } from '../../src/domain/pdf-chunks';

describe('chunking PDF text', () => {
  it('keeps whole pages together up to the size, each marked with its page number', () => {
    const pages = [{ page: 1, text: 'a'.repeat(40) }, { page: 2, text: 'b'.repeat(40) }, { page: 3, text: 'c'.repeat(40) }];
    const chunks = chunkPages(pages, 100);
    expect(chunks.map((c) => [c.firstPage, c.lastPage])).toEqual([[1, 2], [3, 3]]);
    expect(chunks[0]!.text).toBe(`[Page 1]\n${'a'.repeat(40)}\n\n[Page 2]\n${'b'.repeat(40)}`);
  });

  it('splits a long page at sentence ends, never losing text, and skips empty pages', () => {
    const sentence = 'Plants make their food by photosynthesis. ';
    const long = sentence.repeat(20).trim();
    const chunks = chunkPages([{ page: 1, text: '   ' }, { page: 2, text: long }], 200);
    expect(chunks.every((c) => c.firstPage === 2 && c.lastPage === 2)).toBe(true);
    expect(chunks.every((c) => c.pages.every((p) => p.text.length <= 200))).toBe(true);
    expect(chunks.flatMap((c) => c.pages.map((p) => p.text)).join(' ')).toBe(long);
    expect(chunks.every((c) => c.pages.every((p) => p.text.endsWith('.')))).toBe(true);
  });

  it('cleans extraction spacing: hyphenated line ends, runs of blanks', () => {
    expect(cleanPageText('photo-\nsynthesis   happens\r\n\n\n\nin  leaves ')).toBe('photosynthesis happens\n\nin leaves');
  });

  it('asks each chunk for a share of the questions, at least the number wanted in total', () => {
    const chunks = chunkPages([{ page: 1, text: 'x'.repeat(300) }, { page: 2, text: 'y'.repeat(100) }], 300);
    const asks = questionsPerChunk(chunks, 10);
    expect(asks.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10);
    expect(asks[0]).toBeGreaterThan(asks[1]!);
    expect(questionsPerChunk([], 10)).toEqual([]);
  });
});
