// An oversized body refused early (413) must reach a Node fetch (undici) client, which keeps writing its body while the
// answer comes: closing the connection under it made the client see EPIPE / "fetch failed" instead of the 413.
import multipart from '@fastify/multipart';
import { createService, readMultipart, UploadError, type ServiceApp } from '@lp/service-kit';
import { uniqueDbName } from '@lp/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from './helpers';

let feedback: ServiceApp;
let cookie: string;

// A real kit service behind the feedback route, refusing an attachment over 5 MB part-way through the upload.
const setup = gatewayForFile({
  gateway: async ({ keys, services }) => {
    feedback = await createService({
      name: 'feedback', description: 'early 413 behind the gateway',
      app: async (a) => {
        await a.register(multipart);
        a.post('/api/feedback', { bodyLimit: 6 * 1024 * 1024 }, async (request, reply) => {
          try {
            await readMultipart(request, { files: { attachment: { kinds: ['png'], maxBytes: 5 * 1024 * 1024 } } });
            return { ok: true };
          } catch (err) {
            if (err instanceof UploadError) return reply.status(err.status).send({ statusCode: err.status, code: err.code, message: err.message });
            throw err;
          }
        });
      },
    }, { dbName: uniqueDbName('early413'), verifier: keys.verifier, logger: false });
    const feedbackUrl = await feedback.listen({ port: 0, host: '127.0.0.1' });
    return { upstreams: { ...services.urls, feedback: feedbackUrl }, natsUrl: null };
  },
  listen: true,
});

beforeAll(async () => {
  cookie = `lp_session=${await setup.keys.session('64b7f0c2a1b2c3d4e5f60718')}`;
});
afterAll(async () => {
  await feedback?.close();
});

describe('a body over the limit, sent with fetch', () => {
  it.each([
    ['declared (Content-Length)', () => new Uint8Array(6 * 1024 * 1024).fill(0x20)],
    ['chunked (a stream)', () => new ReadableStream({
      start(controller) {
        for (let i = 0; i < 100; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        controller.close();
      },
    })],
  ])('reaches the client as 413 with the error body: %s', async (_kind, body) => {
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${setup.base}/api/sessions`, {
        method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: body(), duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ statusCode: 413, code: 'BODY_TOO_LARGE' });
    }
  });
});

describe('a service refusing an upload part-way, through the gateway', () => {
  it('reaches the fetch client as the service\'s 413, every time, and the next call on the service works', async () => {
    const png = Buffer.alloc(5.5 * 1024 * 1024, 7);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    for (let i = 0; i < 8; i++) {
      const form = new FormData();
      form.append('attachment', new Blob([png]), 'screen.png');
      const res = await fetch(`${setup.base}/api/feedback`, { method: 'POST', headers: { cookie }, body: form });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ statusCode: 413, code: 'FILE_TOO_LARGE' });
    }
    const form = new FormData();
    form.append('attachment', new Blob([png.subarray(0, 1024)]), 'small.png');
    expect((await fetch(`${setup.base}/api/feedback`, { method: 'POST', headers: { cookie }, body: form })).status).toBe(200);
  });
});
