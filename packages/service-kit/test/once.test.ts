import { spawn } from 'node:child_process';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUri } from '../src/config';
import { Leases, OnceLog, Sequence, WindowCounter } from '../src/once/index';
import { uniqueDbName } from '../src/testing/index';

// Three processes × 100 operations at once on the real embedded database (FerretDB), where a $inc or a
// conditional update loses writes: each primitive must still give exact results, every round.
const PROCESSES = 3;
const OPS = 100;
const ROUNDS = 3;
const worker = join(import.meta.dirname, 'support', 'once-worker.ts');

function runWorker(primitive: string, dbName: string, extra: string[] = []): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, primitive, dbName, String(OPS), ...extra], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`worker ${primitive} exited ${code}: ${err}`))));
  });
}

const inParallel = (primitive: string, dbName: string, extra: string[] = []) =>
  Promise.all(Array.from({ length: PROCESSES }, () => runWorker(primitive, dbName, extra)));

describe('exactly-once primitives across processes (3 × 100 at once, repeated)', () => {
  it('OnceLog: each of 100 keys is decided once, by one process', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const results = await inParallel('once', uniqueDbName('once'));
      expect(results.reduce((sum, r) => sum + (r.firsts as number), 0)).toBe(OPS);
    }
  });

  it('WindowCounter: 300 hits on one key with a limit of 50 allow exactly 50', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const results = await inParallel('counter', uniqueDbName('counter'), ['50']);
      expect(results.reduce((sum, r) => sum + (r.allowed as number), 0)).toBe(50);
    }
  });

  it('Leases: 300 read-modify-writes of one document under a lease lose none', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dbName = uniqueDbName('lease');
      const results = await inParallel('lease', dbName);
      expect(results.reduce((sum, r) => sum + (r.held as number), 0)).toBe(PROCESSES * OPS);
      const db = await mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, dbName)).asPromise();
      expect((await db.collection<{ _id: string; n: number }>('lease_tally').findOne({ _id: 'tally' }))?.n).toBe(PROCESSES * OPS);
      await db.close();
    }
  }, 180_000);

  it('Sequence: 300 numbers from three processes are exactly 1..300, each once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const results = await inParallel('sequence', uniqueDbName('seq'));
      const all = results.flatMap((r) => r.numbers as number[]).sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: PROCESSES * OPS }, (_, i) => i + 1));
    }
  });
});

describe('exactly-once primitives, single process', () => {
  let db: mongoose.Connection;
  beforeAll(async () => { db = await mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, uniqueDbName('once1'))).asPromise(); });
  afterAll(async () => { await db.close(); });

  it('OnceLog returns the first decision to every later caller', async () => {
    const log = new OnceLog<{ score: number }>(db, 'scores');
    expect(await log.decide('session-1', { score: 7 })).toEqual({ first: true, value: { score: 7 } });
    expect(await log.decide('session-1', { score: 9 })).toEqual({ first: false, value: { score: 7 } });
    expect(await log.get('session-1')).toEqual({ score: 7 });
    expect(await log.get('session-2')).toBeNull();
  });

  it('WindowCounter refuses past the limit with the time left, and opens again in the next window', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const counter = new WindowCounter(db, { limit: 2, windowMs: 15 * 60_000 }, { collection: 'w1', now: () => now });
    expect((await counter.hit('ip:1')).allowed).toBe(true);
    expect((await counter.hit('ip:1')).count).toBe(2);
    now = new Date('2026-11-23T10:05:00Z');
    expect(await counter.hit('ip:1')).toEqual({ allowed: false, count: 2, retryAfterMs: 10 * 60_000, slots: [] });
    expect((await counter.hit('ip:2')).allowed).toBe(true);
    now = new Date('2026-11-23T10:15:00Z');
    expect((await counter.hit('ip:1')).allowed).toBe(true);
  });

  it('WindowCounter: a released hit no longer counts, on this process and another', async () => {
    const now = () => new Date('2026-11-23T11:00:00Z');
    const a = new WindowCounter(db, { limit: 2, windowMs: 15 * 60_000 }, { collection: 'w3', now, releasable: true });
    const b = new WindowCounter(db, { limit: 2, windowMs: 15 * 60_000 }, { collection: 'w3', now, releasable: true });
    const first = await a.hit('user:x');
    expect((await a.hit('user:x')).allowed).toBe(true);
    expect((await b.hit('user:x')).allowed).toBe(false);
    await a.release(first.slots);
    expect((await b.hit('user:x')).allowed).toBe(true); // the freed slot, found below b's hint
    expect((await a.hit('user:x')).allowed).toBe(false); // and only that one
    await expect(new WindowCounter(db, { limit: 1, windowMs: 1000 }, { collection: 'w4' }).release([])).rejects.toThrow(/releasable/);
  });

  it('WindowCounter.hitAll refuses when any key is over, and says how long until it reopens', async () => {
    const now = new Date('2026-11-23T10:14:00Z');
    const counter = new WindowCounter(db, { limit: 1, windowMs: 15 * 60_000 }, { collection: 'w2', now: () => now });
    expect((await counter.hitAll(['user:a', 'ip:x'])).allowed).toBe(true);
    const refused = await counter.hitAll(['user:b', 'ip:x']);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBe(60_000);
  });

  it('Leases: a second claimant waits for the release; a dead holder\'s lease is taken over when it expires', async () => {
    const a = new Leases(db, { collection: 'l1' });
    const b = new Leases(db, { collection: 'l1' });
    const first = await a.acquire('learner:1', { ttlMs: 10_000 });
    expect(first).not.toBeNull();
    expect(await b.acquire('learner:1', { ttlMs: 10_000 })).toBeNull();
    const waiting = b.acquire('learner:1', { ttlMs: 10_000, waitMs: 5_000 });
    await first!.release();
    expect(await waiting).not.toBeNull();

    await a.acquire('learner:2', { ttlMs: 300 }); // never released: its holder "died"
    expect(await b.acquire('learner:2', { ttlMs: 10_000 })).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.acquire('learner:2', { ttlMs: 10_000 })).not.toBeNull();
    await expect(b.run('learner:2', { ttlMs: 1000 }, async () => 1)).rejects.toMatchObject({ statusCode: 503, code: 'BUSY' });
  });

  it('Sequence: a new process continues after the numbers already taken', async () => {
    const first = new Sequence(db, 'order');
    expect([await first.next(), await first.next(), await first.next()]).toEqual([1, 2, 3]);
    const restarted = new Sequence(db, 'order');
    expect(await restarted.next()).toBe(4);
    expect(await new Sequence(db, 'ticket-2026').next()).toBe(1);
  });
});
