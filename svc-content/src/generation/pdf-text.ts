// PDF bytes → the text of each page, with pdf-parse v2, read in a worker thread: a small PDF can unpack to
// gigabytes or take seconds of CPU, and on the service's own thread that froze every public route with it.
// The worker has a heap cap and a time limit and reads one PDF; it is ended after it (or at a limit), so
// whatever it allocated goes back. One PDF is read at a time per process, so the caps bound the whole service.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageDirNamed } from '@lp/service-kit/version';
import type { PdfPage } from '../domain/pdf-chunks';

export class UnreadablePdf extends Error {}

export interface PdfReadLimits {
  /** Pages in the document. */
  maxPages: number;
  /** Bytes its compressed (non-image) streams may unpack to, all together. */
  maxUnpackedBytes: number;
  /** Characters of text, all pages together. */
  maxTextChars: number;
  /** The worker's heap (V8 old generation), in MB. */
  maxHeapMb: number;
  /** How long reading may take. */
  timeoutMs: number;
}

/**
 * A textbook chapter (the upload is at most 10 MB) is far inside these: 500 pages, its page data unpacked is a
 * few MB, its text a few hundred thousand characters (the model is sent at most 12 × 6,000 of them).
 */
export const PDF_READ_LIMITS: PdfReadLimits = {
  maxPages: 500, maxUnpackedBytes: 32 * 1024 * 1024, maxTextChars: 3_000_000, maxHeapMb: 256, timeoutMs: 60_000,
};

/** Which limit a read passed: the worker reports the first three; the last two are seen from outside it. */
export type PdfLimitHit = { limit: 'pages'; pageCount: number } | { limit: 'unpacked' } | { limit: 'text' } | { limit: 'memory' } | { limit: 'time' };

export type PdfWorkerReply =
  | { ok: true; pageCount: number; pages: PdfPage[] }
  | ({ ok: false } & Extract<PdfLimitHit, { limit: 'pages' | 'unpacked' | 'text' }>)
  | { ok: false; unreadable: string };

const READER_STOPPED = 'The PDF reader stopped without an answer. Try again, or try another file.';
const AGAIN = 'Upload the chapter on its own, or save it again as a PDF, and try again.';

/** The admin's message for each limit: what was too much, and what to do. */
export function limitMessage(hit: PdfLimitHit, limits: PdfReadLimits): string {
  switch (hit.limit) {
    case 'pages': return `This PDF has ${hit.pageCount} pages; at most ${limits.maxPages} can be read. ${AGAIN}`;
    case 'unpacked': return `This PDF unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB of page data, far more than a textbook chapter holds, so it was not read. ${AGAIN}`;
    case 'text': return `This PDF holds more than ${limits.maxTextChars.toLocaleString('en-US')} characters of text, far more than a textbook chapter, so it was not read. ${AGAIN}`;
    case 'memory': return `Reading this PDF needed more than the ${limits.maxHeapMb} MB of memory allowed, so it was stopped. ${AGAIN}`;
    case 'time': return `Reading this PDF took longer than ${Math.round(limits.timeoutMs / 1000)} s, so it was stopped. ${AGAIN}`;
  }
}

/**
 * The worker's module. Built (dist/), it is dist/pdf-text-worker.js beside the server. From the sources (tests,
 * `npm run dev`) it is TypeScript, so the worker registers tsx itself (a worker ignores `--import`).
 */
function workerEntry(): { script: string; tsx?: string } {
  if (!import.meta.url.endsWith('.ts')) {
    return { script: pathToFileURL(join(packageDirNamed('svc-content', import.meta.dirname), 'dist', 'pdf-text-worker.js')).href };
  }
  return { script: new URL('./pdf-text-worker.ts', import.meta.url).href, tsx: import.meta.resolve('tsx/esm/api') };
}
const WORKER_BOOT = `const { workerData } = require('node:worker_threads');
(workerData.tsx ? import(workerData.tsx).then((tsx) => tsx.register()) : Promise.resolve()).then(() => import(workerData.script));`;

let queue: Promise<unknown> = Promise.resolve();

export function pdfPages(data: Buffer, limits: PdfReadLimits = PDF_READ_LIMITS): Promise<{ pageCount: number; pages: PdfPage[] }> {
  const turn = queue.then(() => readInWorker(data, limits));
  queue = turn.catch(() => undefined);
  return turn;
}

function readInWorker(data: Buffer, limits: PdfReadLimits): Promise<{ pageCount: number; pages: PdfPage[] }> {
  const pdf = new Uint8Array(data); // a copy the worker takes over: the upload's buffer stays the caller's
  const worker = new Worker(WORKER_BOOT, {
    eval: true, workerData: { pdf, limits, ...workerEntry() }, transferList: [pdf.buffer],
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
  });
  let timer: NodeJS.Timeout | undefined;
  return new Promise<{ pageCount: number; pages: PdfPage[] }>((resolve, reject) => {
    timer = setTimeout(() => reject(new UnreadablePdf(limitMessage({ limit: 'time' }, limits))), limits.timeoutMs);
    worker.once('message', (reply: PdfWorkerReply) => {
      if (reply.ok) resolve({ pageCount: reply.pageCount, pages: reply.pages });
      else if ('unreadable' in reply) reject(new UnreadablePdf(`The PDF could not be read (${reply.unreadable}). Save it again as a PDF, or try another file.`));
      else reject(new UnreadablePdf(limitMessage(reply, limits)));
    });
    worker.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') reject(new UnreadablePdf(limitMessage({ limit: 'memory' }, limits)));
      else reject(new Error(READER_STOPPED, { cause: err })); // the admin is not shown the server's insides; the log is
    });
    worker.once('exit', () => reject(new Error(READER_STOPPED)));
  }).finally(() => {
    clearTimeout(timer);
    return worker.terminate();
  });
}
