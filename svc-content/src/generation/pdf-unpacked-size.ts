// How many bytes a PDF's compressed streams unpack to, counted before pdf.js reads it: a 70 KB file can unpack to
// gigabytes (a "deflate bomb"), and pdf.js inflates whatever it is given, outside any heap limit.
import { constants, inflateSync } from 'node:zlib';

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
/** How far back from `stream` the stream's dictionary is looked for. */
const DICT_LOOKBACK = 4096;

export class UnpackedTooLarge extends Error {}

/**
 * Inflates every FlateDecode stream (each FlateDecode of a filter chain in turn, every layer counted) that is not an image, stopping
 * as soon as the total passes `maxBytes` (throws UnpackedTooLarge). Images are left out: text extraction never
 * decodes them. A stream that does not inflate is left to pdf.js to judge. Returns the total counted.
 */
export function checkUnpackedSize(pdf: Buffer, maxBytes: number): number {
  let total = 0;
  for (let at = pdf.indexOf(STREAM); at >= 0; at = pdf.indexOf(STREAM, at + STREAM.length)) {
    if (pdf[at - 3] === 0x65 && pdf.subarray(at - 3, at).toString('latin1') === 'end') continue; // `endstream`
    const dict = pdf.subarray(Math.max(0, at - DICT_LOOKBACK), at).toString('latin1');
    const dictStart = dict.lastIndexOf(' obj');
    const own = dictStart >= 0 ? dict.slice(dictStart) : dict;
    if (!own.trimEnd().endsWith('>>') || /\/Subtype\s*\/Image\b/.test(own)) continue;
    const layers = own.match(/\/FlateDecode\b|\/Fl\b/g)?.length ?? 0;
    if (layers === 0) continue;
    let start = at + STREAM.length;
    if (pdf[start] === 0x0d) start += 1;
    if (pdf[start] === 0x0a) start += 1;
    const end = pdf.indexOf(END_STREAM, start);
    let data: Buffer = pdf.subarray(start, end < 0 ? pdf.length : end);
    for (let layer = 0; layer < layers; layer++) {
      const room = maxBytes - total;
      try {
        data = inflateSync(data, { maxOutputLength: room + 1, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new UnpackedTooLarge(`more than ${maxBytes} bytes`);
        break; // not deflate data after all: pdf.js decides what it is
      }
      if (data.length > room) throw new UnpackedTooLarge(`more than ${maxBytes} bytes`);
      total += data.length;
    }
    if (end >= 0) at = end;
  }
  return total;
}
