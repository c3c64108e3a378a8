// Streaming multipart uploads, once for every service: text fields, and files checked by their first bytes
// (never by their name or declared type) and cut off while streaming past their size limit.
// The service registers @fastify/multipart itself and maps UploadError.code to its screen's message text.
import type { FastifyRequest } from 'fastify';

export type FileKind = 'png' | 'jpeg' | 'pdf' | 'json';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const startsWith = (head: Uint8Array, magic: number[]) => head.length >= magic.length && magic.every((b, i) => head[i] === b);
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The kind named by a file's first bytes (PNG 89 50 4E 47 0D 0A 1A 0A, JPEG FF D8 FF, PDF %PDF-), or, for 'json',
 *  a first non-whitespace byte of { or [ ; null when none matches. */
export function sniffKind(head: Uint8Array): FileKind | null {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PDF)) return 'pdf';
  let i = 0;
  // A UTF-8 byte order mark may precede JSON text.
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) i = 3;
  while (i < head.length && WHITESPACE.has(head[i]!)) i++;
  if (head[i] === 0x7b || head[i] === 0x5b) return 'json';
  return null;
}

export type UploadErrorCode = 'FILE_TYPE' | 'FILE_TOO_LARGE' | 'TOO_MANY_FILES' | 'BAD_MULTIPART' | 'MISSING_FILE';

export class UploadError extends Error {
  constructor(readonly status: 400 | 413, readonly code: UploadErrorCode, message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface FileRule { kinds: FileKind[]; maxBytes: number; maxCount?: number }
export interface MultipartSpec { files: Record<string, FileRule>; maxFieldBytes?: number }
export interface UploadedFile { field: string; filename: string; kind: FileKind; bytes: Buffer }

/** Bytes looked at to name a file's kind (JSON may start with some whitespace). */
const SNIFF_BYTES = 64;
const DEFAULT_FIELD_BYTES = 64 * 1024;

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

interface MultipartPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  value?: unknown;
  valueTruncated?: boolean;
  file?: NodeJS.ReadableStream & { destroy(err?: Error): void; truncated?: boolean };
}

/** Reads a multipart request (@fastify/multipart registered by the service): text fields, and the files of the
 *  named fields, each checked by magic bytes against `kinds` and cut off (stream destroyed, 413) past `maxBytes`
 *  while streaming, never buffered whole beyond the limit. */
export async function readMultipart(request: FastifyRequest, spec: MultipartSpec): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const parts = (request as unknown as { parts?: (options?: unknown) => AsyncIterable<MultipartPart> }).parts;
  if (typeof parts !== 'function' || !request.isMultipart?.()) {
    throw new UploadError(400, 'BAD_MULTIPART', 'Send the form as multipart/form-data.');
  }
  const largest = Math.max(0, ...Object.values(spec.files).map((f) => f.maxBytes));
  const maxFieldBytes = spec.maxFieldBytes ?? DEFAULT_FIELD_BYTES;
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const counts = new Map<string, number>();

  try {
    // busboy's own cut-off sits one byte past the largest allowed file, so our count decides (and names the field).
    for await (const part of parts.call(request, { limits: { fileSize: largest + 1, fieldSize: maxFieldBytes, parts: 1000 } })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new UploadError(413, 'FILE_TOO_LARGE', `The field ${part.fieldname} is longer than ${maxFieldBytes} bytes.`);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      const stream = part.file!;
      const rule = spec.files[part.fieldname];
      if (!rule) {
        stream.destroy();
        throw new UploadError(400, 'BAD_MULTIPART', `Unexpected file field "${part.fieldname}"; expected ${Object.keys(spec.files).join(', ') || 'no files'}.`);
      }
      const count = (counts.get(part.fieldname) ?? 0) + 1;
      counts.set(part.fieldname, count);
      if (count > (rule.maxCount ?? 1)) {
        stream.destroy();
        throw new UploadError(400, 'TOO_MANY_FILES', `At most ${rule.maxCount ?? 1} file(s) may be sent as ${part.fieldname}.`);
      }
      files.push(await readFile(part.fieldname, part.filename ?? '', stream, rule));
    }
  } catch (err) {
    if (err instanceof UploadError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new UploadError(413, 'FILE_TOO_LARGE', 'The upload is larger than allowed.');
    }
    throw new UploadError(400, 'BAD_MULTIPART', `The multipart form could not be read: ${(err as Error).message}`);
  }

  for (const field of Object.keys(spec.files)) {
    if (!counts.get(field)) throw new UploadError(400, 'MISSING_FILE', `No file was sent as ${field}.`);
  }
  return { fields, files };
}

async function readFile(field: string, filename: string, stream: MultipartPart['file'] & object, rule: FileRule): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  let size = 0;
  let kind: FileKind | null | undefined;
  for await (const raw of stream as AsyncIterable<Buffer>) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    size += chunk.length;
    if (size > rule.maxBytes) {
      stream.destroy();
      throw new UploadError(413, 'FILE_TOO_LARGE', `${filename || field} is larger than ${mb(rule.maxBytes)}.`);
    }
    chunks.push(chunk);
    if (kind === undefined && (size >= SNIFF_BYTES)) {
      kind = sniffKind(Buffer.concat(chunks).subarray(0, SNIFF_BYTES));
      if (!kind || !rule.kinds.includes(kind)) {
        stream.destroy();
        throw new UploadError(400, 'FILE_TYPE', `${filename || field} is not a ${rule.kinds.join(' or ').toUpperCase()} file.`);
      }
    }
  }
  if ((stream as { truncated?: boolean }).truncated) throw new UploadError(413, 'FILE_TOO_LARGE', `${filename || field} is larger than ${mb(rule.maxBytes)}.`);
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) throw new UploadError(400, 'MISSING_FILE', `${filename || field} is empty.`);
  if (kind === undefined) {
    kind = sniffKind(bytes.subarray(0, SNIFF_BYTES));
    if (!kind || !rule.kinds.includes(kind)) throw new UploadError(400, 'FILE_TYPE', `${filename || field} is not a ${rule.kinds.join(' or ').toUpperCase()} file.`);
  }
  return { field, filename, kind: kind as FileKind, bytes };
}
