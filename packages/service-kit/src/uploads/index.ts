// Streaming multipart uploads, once for every service: text fields plus the files of named fields, each file
// checked by its first bytes (never its name or declared type) and cut off while it streams once it passes its
// limit, so a too-large upload is never held whole in memory. The service registers @fastify/multipart; this
// reads the parts. A service maps `UploadError.code` to its own screen's message text.
import type { FastifyRequest } from 'fastify';

export type FileKind = 'png' | 'jpeg' | 'pdf' | 'json';

export type UploadErrorCode = 'FILE_TYPE' | 'FILE_TOO_LARGE' | 'TOO_MANY_FILES' | 'BAD_MULTIPART' | 'MISSING_FILE';

const DEFAULT_MESSAGES: Record<UploadErrorCode, string> = {
  FILE_TYPE: 'This file type is not accepted here.',
  FILE_TOO_LARGE: 'This file is too large.',
  TOO_MANY_FILES: 'Too many files were sent.',
  BAD_MULTIPART: 'The form could not be read. Send it as multipart/form-data.',
  MISSING_FILE: 'No file was sent.',
};

export class UploadError extends Error {
  readonly status: 400 | 413;
  constructor(readonly code: UploadErrorCode, message = DEFAULT_MESSAGES[code], readonly field?: string) {
    super(message);
    this.name = 'UploadError';
    this.status = code === 'FILE_TOO_LARGE' ? 413 : 400;
  }
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const startsWith = (head: Uint8Array, magic: number[]) => head.length >= magic.length && magic.every((b, i) => head[i] === b);
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * The kind named by a file's first bytes (PNG 89 50 4E 47 0D 0A 1A 0A, JPEG FF D8 FF, PDF %PDF-), or, for 'json',
 * a first non-whitespace byte of { or [ (after an optional UTF-8 byte order mark); null when none matches.
 */
export function sniffKind(head: Uint8Array): FileKind | null {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PDF)) return 'pdf';
  let i = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < head.length && isSpace(head[i] as number)) i++;
  if (i < head.length && (head[i] === 0x7b || head[i] === 0x5b)) return 'json';
  return null;
}

/** Bytes read before a file's kind is decided (enough for every magic number and some leading whitespace). */
const SNIFF_BYTES = 4096;

export interface UploadSpec {
  files: Record<string, { kinds: FileKind[]; maxBytes: number; maxCount?: number /* default 1 */ }>;
  maxFieldBytes?: number;
}

export interface UploadedFile { field: string; filename: string; kind: FileKind; bytes: Buffer }

/**
 * Reads a multipart request (@fastify/multipart registered by the service): text fields, and the files of the
 * named fields, each checked by magic bytes against `kinds` and cut off (stream destroyed, 413) past `maxBytes`
 * while streaming, never buffered whole beyond the limit.
 */
export async function readMultipart(request: FastifyRequest, spec: UploadSpec): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) throw new UploadError('BAD_MULTIPART');
  const maxFieldBytes = spec.maxFieldBytes ?? 64 * 1024;
  const largest = Math.max(0, ...Object.values(spec.files).map((f) => f.maxBytes));
  const totalFiles = Object.values(spec.files).reduce((n, f) => n + (f.maxCount ?? 1), 0);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const counts = new Map<string, number>();
  try {
    // Busboy's own limits are a second line; the per-field checks below decide. One more file than allowed is
    // let through busboy so that it arrives here and is named in the error.
    const parts = request.parts({ limits: { fileSize: largest + 1, files: totalFiles + 1, fieldSize: maxFieldBytes + 1, fields: 100, parts: 200 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || Buffer.byteLength(String(part.value)) > maxFieldBytes) {
          throw new UploadError('BAD_MULTIPART', `The field '${part.fieldname}' is longer than ${maxFieldBytes} bytes.`, part.fieldname);
        }
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const rule = spec.files[part.fieldname];
      if (!rule) {
        part.file.destroy();
        throw new UploadError('BAD_MULTIPART', `No file is expected in the field '${part.fieldname}'.`, part.fieldname);
      }
      const bytes = await readFile(part.file, rule, part.fieldname);
      // A browser form with no file chosen still sends the part: no name, no bytes. That is "no file".
      if (bytes.length === 0 && !part.filename) continue;
      const kind = sniffKind(bytes.subarray(0, SNIFF_BYTES));
      if (!kind || !rule.kinds.includes(kind)) throw new UploadError('FILE_TYPE', undefined, part.fieldname);
      const count = (counts.get(part.fieldname) ?? 0) + 1;
      if (count > (rule.maxCount ?? 1)) throw new UploadError('TOO_MANY_FILES', undefined, part.fieldname);
      counts.set(part.fieldname, count);
      files.push({ field: part.fieldname, filename: part.filename, kind, bytes });
    }
  } catch (err) {
    if (err instanceof UploadError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT') throw new UploadError('TOO_MANY_FILES');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadError('FILE_TOO_LARGE');
    if (code.startsWith('FST_') || /multipart|boundary|unexpected end/i.test((err as Error).message ?? '')) {
      throw new UploadError('BAD_MULTIPART');
    }
    throw err;
  }
  return { fields, files };
}

/** Reads one file stream, refusing it as soon as its first bytes show a wrong kind or it passes `maxBytes`. */
async function readFile(stream: NodeJS.ReadableStream & { destroy(): void; truncated?: boolean }, rule: { kinds: FileKind[]; maxBytes: number }, field: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let sniffed = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > rule.maxBytes) {
      stream.destroy();
      throw new UploadError('FILE_TOO_LARGE', undefined, field);
    }
    chunks.push(chunk);
    if (!sniffed && size >= SNIFF_BYTES) {
      sniffed = true;
      const kind = sniffKind(Buffer.concat(chunks).subarray(0, SNIFF_BYTES));
      if (!kind || !rule.kinds.includes(kind)) {
        stream.destroy();
        throw new UploadError('FILE_TYPE', undefined, field);
      }
    }
  }
  if (stream.truncated) throw new UploadError('FILE_TOO_LARGE', undefined, field);
  return Buffer.concat(chunks, size);
}
