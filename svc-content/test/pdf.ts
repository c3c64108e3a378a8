// Text PDFs made in the test (pdfkit), one string per page.
import PDFDocument from 'pdfkit';

export function textPdf(pages: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: false });
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
