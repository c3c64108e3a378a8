// The screenshot store on the real FerretDB: a screenshot larger than one chunk reads back byte for byte, storing
// it again (a retried submission) writes nothing twice, and a lost chunk reads as missing, not as a shorter file.
import { testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../src/domain/attachment';
import { AttachmentsRepository } from '../../src/repositories/attachments';

let db: Connection;
let attachments: AttachmentsRepository;
beforeAll(async () => { db = await testConnection('feedback_attachments'); attachments = new AttachmentsRepository(db); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

const screenshot = () => Buffer.from(Array.from({ length: CHUNK_BYTES * 2 + 10 }, (_, i) => i % 251));

it('reads a screenshot of several chunks back as stored, and storing it again changes nothing', async () => {
  const bytes = screenshot();
  await attachments.store('LP-2026-000001', { filename: 'shot.png', kind: 'png', bytes });
  await attachments.store('LP-2026-000001', { filename: 'shot.png', kind: 'png', bytes });
  const description = await attachments.description('LP-2026-000001');
  expect(description).toEqual({ filename: 'shot.png', kind: 'png', size: bytes.length, chunks: 3 });
  expect((await attachments.bytes('LP-2026-000001', description!.chunks))!.equals(bytes)).toBe(true);
  expect(await db.collection('attachment_chunks').countDocuments({ ticketNumber: 'LP-2026-000001' })).toBe(3);
});

it('answers no description for a ticket without a screenshot, and no bytes when a chunk is missing', async () => {
  expect(await attachments.description('LP-2026-000404')).toBeNull();
  await attachments.store('LP-2026-000002', { filename: 'shot.png', kind: 'png', bytes: screenshot() });
  await db.collection('attachment_chunks').deleteOne({ _id: 'LP-2026-000002:1' as never });
  expect(await attachments.bytes('LP-2026-000002', 3)).toBeNull();
});
