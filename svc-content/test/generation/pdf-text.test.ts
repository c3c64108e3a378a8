// Reading a PDF's text in a worker thread, within limits: each limit gives the admin a message saying what to do.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { limitMessage, pdfPages, PDF_READ_LIMITS, UnreadablePdf, type PdfReadLimits } from '../../src/generation/pdf-text';
import { checkUnpackedSize, UnpackedTooLarge } from '../../src/generation/pdf-unpacked-size';
import { bombPdf, CELL_PAGES, pdfOf, textPdf } from '../support/pdf';

const MB = 1024 * 1024;
const limits = (over: Partial<PdfReadLimits>): PdfReadLimits => ({ ...PDF_READ_LIMITS, ...over });

describe('pdfPages', () => {
  it('reads a text PDF page by page', async () => {
    const { pageCount, pages } = await pdfPages(await textPdf(CELL_PAGES, true));
    expect(pageCount).toBe(2);
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    expect(pages[0]!.text).toContain('powerhouse of the cell');
    expect(pages[1]!.text).toContain('suicide bags');
  });

  it('refuses a 0.2 MB PDF that unpacks to 80 MB (a deflate bomb) before pdf.js reads it', async () => {
    const bomb = bombPdf(80 * MB);
    expect(bomb.length).toBeLessThan(MB / 2);
    const read = pdfPages(bomb);
    await expect(read).rejects.toBeInstanceOf(UnreadablePdf);
    await expect(read).rejects.toThrow(limitMessage({ limit: 'unpacked' }, PDF_READ_LIMITS));
    expect(limitMessage({ limit: 'unpacked' }, PDF_READ_LIMITS)).toMatch(/^This PDF unpacks to more than 32 MB of page data/);
  });

  it('stops a worker that passes its heap cap, and says so', async () => {
    // The unpacked-size check lifted, so pdf.js itself reads the 20 MB stream and runs out of its 64 MB heap.
    const lifted = limits({ maxUnpackedBytes: 1024 * MB, maxHeapMb: 64 });
    await expect(pdfPages(bombPdf(20 * MB), lifted)).rejects.toThrow(limitMessage({ limit: 'memory' }, lifted));
  });

  it('refuses more pages, or more text, than the limits', async () => {
    const pdf = await textPdf([...CELL_PAGES, CELL_PAGES[0]!]);
    await expect(pdfPages(pdf, limits({ maxPages: 2 }))).rejects.toThrow('This PDF has 3 pages; at most 2 can be read. Upload the chapter on its own');
    await expect(pdfPages(pdf, limits({ maxTextChars: 300 }))).rejects.toThrow('This PDF holds more than 300 characters of text');
  });

  it('stops a read that takes longer than its time limit', async () => {
    const quick = limits({ timeoutMs: 1 }); // no worker starts, let alone reads a PDF, within 1 ms
    await expect(pdfPages(await textPdf(CELL_PAGES), quick)).rejects.toThrow(limitMessage({ limit: 'time' }, quick));
  });

  it('says what is wrong with a file that is not a readable PDF', async () => {
    await expect(pdfPages(Buffer.from('%PDF-1.4\nnot really a pdf'))).rejects.toThrow(/^The PDF could not be read \(.+\)\. Save it again as a PDF, or try another file\.$/);
  });
});

describe('checkUnpackedSize', () => {
  it('counts the compressed streams of an ordinary PDF', async () => {
    const pdf = await textPdf(CELL_PAGES, true);
    const unpacked = checkUnpackedSize(pdf, 32 * MB);
    expect(unpacked).toBeGreaterThan(pdf.length / 4);
    expect(unpacked).toBeLessThan(MB);
  });

  it('counts every layer of a filter chain, and stops at the limit', () => {
    expect(() => checkUnpackedSize(bombPdf(40 * MB, 2), 32 * MB)).toThrow(UnpackedTooLarge);
    expect(checkUnpackedSize(bombPdf(MB, 2), 32 * MB)).toBeGreaterThan(MB);
  });

  it('leaves out images, which reading the text never unpacks', () => {
    const pixels = deflateSync(Buffer.alloc(40 * MB));
    const pdf = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width 4096 /Height 10240 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} /Filter /FlateDecode >>\nstream\n`), pixels, Buffer.from('\nendstream')]),
    ]);
    expect(checkUnpackedSize(pdf, 32 * MB)).toBe(0);
  });
});
