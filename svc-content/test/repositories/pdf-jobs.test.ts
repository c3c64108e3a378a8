// PDF jobs on the real FerretDB: a job's one writer applies its writes in the order they were queued (the last
// one queued wins, even when they are queued without waiting), each with a fresh heartbeat; old jobs are swept.
import { testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PdfJobsRepository } from '../../src/repositories/pdf-jobs';

let db: Connection;
let jobs: PdfJobsRepository;
beforeAll(async () => { db = await testConnection('content_pdf_jobs'); jobs = new PdfJobsRepository(db); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

const job = (id: string, heartbeatAt: Date) => ({
  _id: id, userId: 'u1', state: 'running' as const, stage: 'Reading the PDF', pageCount: 0, pagesRead: 0, chunkCount: 0, chunksDone: 0,
  questionsKept: 0, percent: 0, message: null, result: null, heartbeatAt,
});

it('applies a job\'s queued writes in order, each with a new heartbeat', async () => {
  const started = new Date(Date.now() - 60_000);
  await jobs.create(job('job-1', started));
  const writer = jobs.writer('job-1');
  void writer.write({ percent: 10 });
  void writer.write({ percent: 50, chunksDone: 1 });
  void writer.write({ percent: 100, state: 'done', stage: 'Done' });
  await writer.settled();
  const stored = await jobs.byId('job-1');
  expect(stored).toMatchObject({ percent: 100, chunksDone: 1, state: 'done', stage: 'Done' });
  expect(stored!.heartbeatAt.getTime()).toBeGreaterThan(started.getTime());
});

it('sweeps the jobs last written before a moment, and keeps the others', async () => {
  await jobs.create(job('job-2', new Date()));
  await jobs.sweepOlderThan(new Date(Date.now() + 60_000));
  expect(await jobs.byId('job-2')).toBeNull();
  await jobs.create(job('job-3', new Date()));
  await jobs.sweepOlderThan(new Date(Date.now() - 60_000));
  expect(await jobs.byId('job-3')).not.toBeNull();
});
