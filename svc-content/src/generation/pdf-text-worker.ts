// Runs in a worker thread (see pdf-text.ts): one PDF in, its pages' text out, then the thread is ended.
import { parentPort, workerData } from 'node:worker_threads';
import { PDFParse } from 'pdf-parse';
import { checkUnpackedSize, UnpackedTooLarge } from './pdf-unpacked-size';
import type { PdfReadLimits, PdfWorkerReply } from './pdf-text';

const { pdf, limits } = workerData as { pdf: Uint8Array; limits: PdfReadLimits };

async function read(): Promise<PdfWorkerReply> {
  try {
    checkUnpackedSize(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), limits.maxUnpackedBytes);
  } catch (err) {
    if (err instanceof UnpackedTooLarge) return { ok: false, limit: 'unpacked' };
    throw err;
  }
  const parser = new PDFParse({ data: pdf });
  try {
    const { total } = await parser.getInfo();
    if (total > limits.maxPages) return { ok: false, limit: 'pages', pageCount: total };
    const pages: Array<{ page: number; text: string }> = [];
    let chars = 0;
    // Page by page, so a document whose text runs past the limit is stopped at the page that passes it.
    for (let page = 1; page <= total; page++) {
      const text = (await parser.getText({ partial: [page] })).pages[0]?.text ?? '';
      chars += text.length;
      if (chars > limits.maxTextChars) return { ok: false, limit: 'text' };
      pages.push({ page, text });
    }
    return { ok: true, pageCount: total, pages };
  } catch (err) {
    return { ok: false, unreadable: (err as Error).message };
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}

parentPort!.postMessage(await read());
