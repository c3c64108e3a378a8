// PDFs made in the test: text PDFs (pdfkit), one string per page, and hand-built ones (a deflate bomb).
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

export function textPdf(pages: string[], compress = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const text of pages) {
      doc.addPage();
      doc.fontSize(12).text(text, { width: 450 });
    }
    doc.end();
  });
}

export const CELL_PAGES = [
  'The cell is the basic structural unit of every living organism. The nucleus controls the activities of the cell. ' +
    'Mitochondria release energy from food and are called the powerhouse of the cell. Ribosomes assemble proteins from amino acids.',
  'Chloroplasts capture sunlight for photosynthesis in green plants. The vacuole stores water and dissolved minerals. ' +
    'Lysosomes digest worn out organelles and are called suicide bags. The membrane regulates traffic of substances.',
];

/**
 * A one-page PDF whose content stream (a line of text shown over and over) is deflated: about 70 KB per 20 MB it
 * unpacks to, a "deflate bomb". `layers` deflates it that many times (a FlateDecode filter chain).
 */
export function bombPdf(unpackedBytes: number, layers = 1): Buffer {
  const line = Buffer.from('BT /F1 12 Tf 72 712 Td (The cell is the basic unit of life and this line repeats.) Tj ET\n');
  const content = Buffer.alloc(Math.ceil(unpackedBytes / line.length) * line.length);
  for (let at = 0; at < content.length; at += line.length) line.copy(content, at);
  let packed = content;
  for (let i = 0; i < layers; i++) packed = deflateSync(packed, { level: 9 });
  const filter = layers === 1 ? '/FlateDecode' : `[${' /FlateDecode'.repeat(layers)} ]`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${packed.length} /Filter ${filter} >>\nstream\n`), packed, Buffer.from('\nendstream')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A PDF of the given objects (numbered from 1, the first the catalogue), with a correct cross-reference table. */
export function pdfOf(objects: Array<string | Buffer>): Buffer {
  const parts = [Buffer.from('%PDF-1.4\n')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    parts.push(obj);
    at += obj.length;
  });
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}
