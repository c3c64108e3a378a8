// PDF bytes → the text of each page, with pdf-parse v2.
import { PDFParse } from 'pdf-parse';
import type { PdfPage } from '../domain/pdf-chunks';

export class UnreadablePdf extends Error {}

export async function pdfPages(data: Buffer): Promise<{ pageCount: number; pages: PdfPage[] }> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    return { pageCount: result.total, pages: result.pages.map((p) => ({ page: p.num, text: p.text })) };
  } catch (err) {
    throw new UnreadablePdf(`The PDF could not be read (${(err as Error).message}). Save it again as a PDF, or try another file.`);
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}
