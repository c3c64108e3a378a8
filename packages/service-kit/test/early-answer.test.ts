// A service that refuses an upload part-way (a file too large) answers before it has read the body: Node's fetch
// (undici), still sending, must read that answer, not a reset connection (ECONNRESET / EPIPE).
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type ServiceApp } from '../src/service';
import { createTestKeys, uniqueDbName } from '../src/testing/index';
import { UploadError, readMultipart } from '../src/uploads/index';

const png = (size: number) => { const b = Buffer.alloc(size, 7); Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b); return b; };

let app: ServiceApp;
let base: string;
beforeAll(async () => {
  const keys = await createTestKeys();
  app = await createService({
    name: 'feedback', description: 'early answer test',
    app: async (a) => {
      await a.register(multipart);
      a.post('/upload', async (request, reply) => {
        try {
          await readMultipart(request, { files: { picture: { kinds: ['png'], maxBytes: 100_000 } } });
          return { ok: true };
        } catch (err) {
          if (err instanceof UploadError) return reply.status(err.status).send({ statusCode: err.status, code: err.code, message: err.message });
          throw err;
        }
      });
      a.post('/json', async () => ({ ok: true }));
    },
  }, { dbName: uniqueDbName('early'), verifier: keys.verifier, logger: false });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { await app?.close(); });

describe('an answer before the body was read', () => {
  it('reaches a fetch client still sending a multipart upload: 413 with the error body, every time', async () => {
    for (let i = 0; i < 12; i++) {
      const form = new FormData();
      form.append('picture', new Blob([png(6 * 1024 * 1024)]), 'screen.png');
      const res = await fetch(`${base}/upload`, { method: 'POST', body: form });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ statusCode: 413, code: 'FILE_TOO_LARGE' });
    }
  });

  it('reaches a fetch client sending a declared body over the limit: 413, every time', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${base}/json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array(4 * 1024 * 1024).fill(0x20) });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ statusCode: 413 });
    }
  });
});
