// svc-feedback on the real FerretDB and NATS, listening on a real port (multipart bodies go through a socket),
// with signed sessions for learners and the owner, a clock the test moves, and a reader of the EVENTS stream.
import type { ServiceApp } from '@lp/service-kit';
import { createServiceHarness, streamEvents, uniqueDbName, type MovableClock, type TestKeys } from '@lp/service-kit/testing';
import { Types } from 'mongoose';
import { createFeedbackService, type FeedbackOptions } from '../../src/app';

export const newId = () => new Types.ObjectId().toHexString();

export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const png = (size: number, fill = 7) => { const b = Buffer.alloc(size, fill); PNG_HEAD.copy(b); return b; };

export interface Feedback {
  app: ServiceApp;
  url: string;
  keys: TestKeys;
  clock: MovableClock;
  tag: string;
  dbName: string;
  /** Cookie header of a signed-in learner (or the owner, elevated when `admin`). */
  as(userId: string, opts?: { owner?: boolean; admin?: boolean }): Promise<Record<string, string>>;
  submit(userId: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  get(path: string, headers: Record<string, string>): Promise<{ status: number; body: unknown; raw: Response }>;
  post(path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function startFeedback(options: FeedbackOptions & { natsUrl?: string; start?: Date; dbName?: string; tag?: string; keys?: TestKeys } = {}): Promise<Feedback> {
  const kit = await createServiceHarness({ keys: options.keys, tag: options.tag, start: options.start });
  const dbName = options.dbName ?? uniqueDbName('feedback');
  const app = await kit.build(createFeedbackService({ now: kit.clock.read, submissionLimit: options.submissionLimit }), {
    dbName, relay: { intervalMs: 200, graceMs: 300 }, ...(options.natsUrl ? { config: { natsUrl: options.natsUrl } } : {}),
  });
  const url = await kit.listen(app);
  const as = (userId: string, { owner = false, admin = false } = {}) => kit.cookieHeader(userId, { role: owner ? 'owner' : 'learner', admin });
  return {
    app, url, keys: kit.keys, clock: kit.clock, tag: kit.tag, dbName, as,
    async submit(userId, fields, file) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (file) form.append('attachment', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name);
      const res = await fetch(`${url}/api/feedback`, { method: 'POST', headers: await as(userId), body: form });
      return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
    },
    async get(path, headers) {
      const res = await fetch(`${url}${path}`, { headers });
      const type = res.headers.get('content-type') ?? '';
      return { status: res.status, body: type.includes('json') ? await res.clone().json() : null, raw: res };
    },
    async post(path, headers, body) {
      const res = await fetch(`${url}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    },
    close: kit.close,
  };
}

/** Every `feedback.ticket.created` envelope in the EVENTS stream of `natsUrl` (duplicates included). */
export const ticketEvents = (natsUrl = process.env.NATS_URL!) => streamEvents(natsUrl, 'feedback.ticket.created');
