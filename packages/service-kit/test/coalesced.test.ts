import mongoose, { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUri } from '../src/config';
import { Coalescer, DeleteBatch, InsertBatch, UpdateBatch, modelOn } from '../src/once/index';
import { uniqueDbName } from '../src/testing/index';

interface Doc { _id: string; n: number; key?: string }
const schema = new Schema<Doc>({ _id: String, n: Number, key: { type: String, unique: true, sparse: true } }, { versionKey: false });

let db: Connection;
beforeAll(async () => { db = await mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, uniqueDbName('coalesced'))).asPromise(); });
afterAll(async () => { await db.dropDatabase(); await db.close(); });

describe('Coalescer: concurrent calls share one command', () => {
  it('sends the first call at once and the calls that arrive meanwhile together, each getting its own result', async () => {
    const sent: number[][] = [];
    const c = new Coalescer<number, number>(async (items) => {
      sent.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((i) => (i === 3 ? new Error('three') : i * 10));
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => c.run(i)));
    expect(sent).toEqual([[1], [2, 3, 4]]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([10, 20, 'three', 40]);
    expect(c.stats).toEqual({ commands: 2, items: 4 });
  });

  it('fails every call of a command that failed, and keeps serving later calls', async () => {
    let fail = true;
    const c = new Coalescer<number, number>(async (items) => {
      if (fail) { fail = false; throw new Error('database gone'); }
      return items;
    });
    await expect(c.run(1)).rejects.toThrow('database gone');
    await expect(c.run(2)).resolves.toBe(2);
  });
});

describe('batched writes on the real database', () => {
  it('InsertBatch: each document is its own unique insert, duplicates (stored or in the same batch) answer false', async () => {
    const model = modelOn(db, 'Ins', schema, 'ins');
    await model.init();
    await model.collection.insertOne({ _id: 'stored', n: 0 } as never);
    const batch = new InsertBatch<Doc>(model);
    const ids = ['a', 'stored', 'b', 'a', 'c', 'b'];
    const results = await Promise.all(ids.map((id, n) => batch.insertOnce({ _id: id, n })));
    expect(results).toEqual([true, false, true, false, true, false]);
    expect(batch.stats.commands).toBeLessThan(ids.length);
    expect((await model.find().sort({ _id: 1 }).lean()).map((d) => [d._id, d.n])).toEqual([['a', 0], ['b', 2], ['c', 4], ['stored', 0]]);
  });

  it('InsertBatch: a duplicate of a unique non-_id key answers false too', async () => {
    const model = modelOn(db, 'Keys', schema, 'keys');
    await model.init();
    const batch = new InsertBatch<Doc>(model);
    const results = await Promise.all(['t1', 't2', 't3'].map((id) => batch.insertOnce({ _id: id, n: 1, key: 'one-holder' })));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('UpdateBatch and DeleteBatch: each named document is changed or removed, no other', async () => {
    const model = modelOn(db, 'Upd', schema, 'upd');
    await model.collection.insertMany(['x', 'y', 'z'].map((id) => ({ _id: id, n: 0 })) as never[]);
    const updates = new UpdateBatch<Doc>(model);
    await Promise.all([updates.updateOne('x', { $set: { n: 1 } }), updates.updateOne('y', { $set: { n: 2 } })]);
    const deletes = new DeleteBatch(model as never);
    await Promise.all([deletes.delete('x'), deletes.delete('missing'), deletes.delete('x')]);
    expect((await model.find().sort({ _id: 1 }).lean()).map((d) => [d._id, d.n])).toEqual([['y', 2], ['z', 0]]);
  });
});

describe('_id lookups are answered from an index', () => {
  // Our build patches FerretDB v1.24.2 (deploy/local/ferretdb/patches.mjs): unpatched, SQLite scans the whole table.
  it('plans a find by string _id as an index search, not a scan (FerretDB: SQLite plan; MongoDB: IDHACK or IXSCAN)', async () => {
    const model = modelOn(db, 'Plan', schema, 'plan');
    await model.collection.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `p${i}`, n: i })) as never[]);
    const explained = await db.db!.command({ explain: { find: 'plan', filter: { _id: 'p7' } } });
    const plan = JSON.stringify(explained.queryPlanner);
    const build = await db.db!.admin().command({ buildInfo: 1 });
    if (build.ferretdbVersion) {
      expect(plan).toMatch(/SEARCH .*USING INDEX/);
      expect(plan).not.toMatch(/SCAN/);
    } else {
      expect(plan).toMatch(/IDHACK|IXSCAN|EXPRESS_IXSCAN|CLUSTERED_IXSCAN/);
    }
  });
});
