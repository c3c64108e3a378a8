import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMultipart, sniffKind, UploadError } from '../src/uploads/index';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, size - 9), 0x20)]);

describe('sniffKind', () => {
  it('names PNG, JPEG, PDF and JSON by their first bytes, and nothing else', () => {
    expect(sniffKind(PNG)).toBe('png');
    expect(sniffKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffKind(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(sniffKind(Buffer.from('  \n {"a":1}'))).toBe('json');
    expect(sniffKind(Buffer.from('[1]'))).toBe('json');
    expect(sniffKind(Buffer.from('\ufeff{"a":1}'))).toBe('json');
    expect(sniffKind(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffKind(Buffer.from('%PDF'))).toBeNull();
    expect(sniffKind(new Uint8Array())).toBeNull();
  });
});

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer };
function form(parts: Part[]) {
  const boundary = '----lpboundary' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/pdf\r\n\r\n`), p.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ bodyLimit: 50 * 1024 * 1024 });
  await app.register(multipart);
  app.post('/upload', async (request, reply) => {
    try {
      const { fields, files } = await readMultipart(request, { files: { pdf: { kinds: ['pdf'], maxBytes: 1000 }, images: { kinds: ['png', 'jpeg'], maxBytes: 100, maxCount: 2 } }, maxFieldBytes: 50 });
      return { fields, files: files.map((f) => ({ field: f.field, filename: f.filename, kind: f.kind, size: f.bytes.length })) };
    } catch (err) {
      if (err instanceof UploadError) return reply.status(err.status).send({ code: err.code, message: err.message });
      throw err;
    }
  });
  app.post('/json', async (request) => {
    try {
      await readMultipart(request, { files: {} });
    } catch (err) {
      return { code: (err as UploadError).code };
    }
  });
});
afterAll(async () => { await app.close(); });

const send = (parts: Part[]) => app.inject({ method: 'POST', url: '/upload', ...form(parts) });

describe('readMultipart', () => {
  it('returns the fields and each file with its sniffed kind', async () => {
    const res = await send([{ name: 'title', value: 'Chapter 1' }, { name: 'pdf', filename: 'a.pdf', bytes: pdf(1000) }, { name: 'images', filename: 'x.png', bytes: PNG }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fields: { title: 'Chapter 1' }, files: [{ field: 'pdf', filename: 'a.pdf', kind: 'pdf', size: 1000 }, { field: 'images', filename: 'x.png', kind: 'png', size: PNG.length }] });
  });

  it('refuses a file one byte over its limit with 413', async () => {
    const res = await send([{ name: 'pdf', filename: 'a.pdf', bytes: pdf(1001) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FILE_TOO_LARGE');
  });

  it('refuses a PNG renamed .pdf by its bytes', async () => {
    const res = await send([{ name: 'pdf', filename: 'fake.pdf', bytes: PNG }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('FILE_TYPE');
  });

  it('refuses more files than allowed, a missing file, an unknown file field and an over-long field', async () => {
    expect((await send([{ name: 'pdf', filename: 'a.pdf', bytes: pdf(100) }, { name: 'pdf', filename: 'b.pdf', bytes: pdf(100) }])).json().code).toBe('TOO_MANY_FILES');
    expect((await send([{ name: 'title', value: 'x' }])).json().code).toBe('MISSING_FILE');
    expect((await send([{ name: 'other', filename: 'a.pdf', bytes: pdf(100) }])).json().code).toBe('BAD_MULTIPART');
    const long = await send([{ name: 'title', value: 'x'.repeat(60) }, { name: 'pdf', filename: 'a.pdf', bytes: pdf(100) }]);
    expect(long.statusCode).toBe(413);
  });

  it('refuses a request that is not multipart', async () => {
    const res = await app.inject({ method: 'POST', url: '/json', payload: { a: 1 } });
    expect(res.json().code).toBe('BAD_MULTIPART');
  });
});
