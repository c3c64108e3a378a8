import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadError, readMultipart, sniffKind } from '../src/uploads/index';

const png = (size = 64) => { const b = Buffer.alloc(size, 7); Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b); return b; };
const jpeg = (size = 64) => { const b = Buffer.alloc(size, 7); Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(b); return b; };

describe('sniffKind', () => {
  it('names PNG, JPEG and PDF by their magic bytes and JSON by its first non-blank byte', () => {
    expect(sniffKind(png())).toBe('png');
    expect(sniffKind(jpeg())).toBe('jpeg');
    expect(sniffKind(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(sniffKind(Buffer.from('  \n\t{"a": 1}'))).toBe('json');
    expect(sniffKind(Buffer.from('[1, 2]'))).toBe('json');
    expect(sniffKind(Buffer.from('\ufeff{"bom": true}'))).toBe('json');
  });
  it('answers null for anything else: text, a truncated signature, an empty file', () => {
    expect(sniffKind(Buffer.from('hello, I am a text file named photo.png'))).toBeNull();
    expect(sniffKind(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffKind(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffKind(new Uint8Array())).toBeNull();
    expect(sniffKind(Buffer.from('   '))).toBeNull();
  });
});

describe('readMultipart over a real socket', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    app = Fastify({ forceCloseConnections: true });
    await app.register(multipart);
    app.post('/upload', async (request, reply) => {
      try {
        const { fields, files } = await readMultipart(request, {
          files: { picture: { kinds: ['png', 'jpeg'], maxBytes: 100_000 }, docs: { kinds: ['json', 'pdf'], maxBytes: 50_000, maxCount: 2 } },
          maxFieldBytes: 1000,
        });
        return { fields, files: files.map((f) => ({ field: f.field, filename: f.filename, kind: f.kind, size: f.bytes.length, same: f.kind === 'png' ? f.bytes.equals(png(90_000)) : undefined })) };
      } catch (err) {
        if (err instanceof UploadError) return reply.status(err.status).send({ code: err.code, message: err.message });
        throw err;
      }
    });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/upload`;
  });
  afterAll(async () => { await app.close(); });

  const send = async (form: FormData) => { const res = await fetch(url, { method: 'POST', body: form }); return { status: res.status, body: await res.json() }; };

  it('reads text fields and files of the named fields, checked by their bytes', async () => {
    const form = new FormData();
    form.append('subject', 'Hello');
    form.append('picture', new Blob([png(90_000)]), 'screen.png');
    form.append('docs', new Blob(['{"a":1}']), 'a.json');
    form.append('docs', new Blob(['%PDF-1.4 x']), 'b.pdf');
    const { status, body } = await send(form);
    expect(status).toBe(200);
    expect(body.fields).toEqual({ subject: 'Hello' });
    expect(body.files).toEqual([
      { field: 'picture', filename: 'screen.png', kind: 'png', size: 90_000, same: true },
      { field: 'docs', filename: 'a.json', kind: 'json', size: 7 },
      { field: 'docs', filename: 'b.pdf', kind: 'pdf', size: 10 },
    ]);
  });

  it('treats the empty file part of a form with no file chosen as no file', async () => {
    const form = new FormData();
    form.append('subject', 'x');
    form.append('picture', new Blob([]), '');
    expect(await send(form)).toEqual({ status: 200, body: { fields: { subject: 'x' }, files: [] } });
  });

  it('refuses a text file renamed .png and a PDF where images are expected (400 FILE_TYPE)', async () => {
    for (const [bytes, name] of [['just some text', 'photo.png'], ['%PDF-1.4', 'photo.jpg']] as const) {
      const form = new FormData();
      form.append('picture', new Blob([bytes], { type: 'image/png' }), name);
      const { status, body } = await send(form);
      expect(status).toBe(400);
      expect(body.code).toBe('FILE_TYPE');
    }
  });

  it('cuts off a file one byte past its limit with 413 FILE_TOO_LARGE, and a far larger one too', async () => {
    for (const size of [100_001, 20_000_000]) {
      const form = new FormData();
      form.append('picture', new Blob([png(size)]), 'big.png');
      const { status, body } = await send(form);
      expect(status).toBe(413);
      expect(body.code).toBe('FILE_TOO_LARGE');
    }
    const form = new FormData();
    form.append('picture', new Blob([png(100_000)]), 'exact.png');
    expect((await send(form)).status).toBe(200);
  });

  it('refuses more files than a field allows, an unexpected file field, an over-long field and a body that is not multipart', async () => {
    const two = new FormData();
    two.append('picture', new Blob([png()]), 'a.png');
    two.append('picture', new Blob([jpeg()]), 'b.jpg');
    expect((await send(two)).body.code).toBe('TOO_MANY_FILES');

    const stray = new FormData();
    stray.append('other', new Blob([png()]), 'a.png');
    expect(await send(stray)).toMatchObject({ status: 400, body: { code: 'BAD_MULTIPART' } });

    const long = new FormData();
    long.append('subject', 'x'.repeat(1001));
    expect(await send(long)).toMatchObject({ status: 400, body: { code: 'BAD_MULTIPART' } });

    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('BAD_MULTIPART');
  });

  it('answers a broken multipart body with 400 BAD_MULTIPART', async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, body: '--XYZ\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\n\r\n\x89PNG' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('BAD_MULTIPART');
  });

  it('UploadError carries 413 only for FILE_TOO_LARGE', () => {
    expect(new UploadError('FILE_TOO_LARGE').status).toBe(413);
    expect(new UploadError('MISSING_FILE').status).toBe(400);
  });
});
