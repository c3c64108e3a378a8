// The record of sample questions given to visitors, on the real FerretDB: a question counts as issued to the
// visitor it was given to until it expires, and giving it again extends its time.
import { testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAMPLE_ISSUE_TTL_MS, SampleIssuesRepository } from '../../src/repositories/sample-issues';

let db: Connection;
const clock = { now: new Date('2026-03-01T10:00:00Z') };
let samples: SampleIssuesRepository;
beforeAll(async () => { db = await testConnection('content_samples'); samples = new SampleIssuesRepository(db, () => clock.now); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

const later = (ms: number) => { clock.now = new Date(clock.now.getTime() + ms); };

it('answers issued only for the visitor and question given, until it expires; giving it again extends it', async () => {
  await samples.issue('ip:10.0.0.1', ['q1', 'q2']);
  expect(await samples.issued('ip:10.0.0.1', 'q1')).toBe(true);
  expect(await samples.issued('ip:10.0.0.2', 'q1')).toBe(false);
  expect(await samples.issued('ip:10.0.0.1', 'q3')).toBe(false);

  later(SAMPLE_ISSUE_TTL_MS - 60_000);
  await samples.issue('ip:10.0.0.1', ['q1']);
  later(120_000);
  expect(await samples.issued('ip:10.0.0.1', 'q1')).toBe(true); // given again: its time starts over
  expect(await samples.issued('ip:10.0.0.1', 'q2')).toBe(false); // past its time
});
