// One process of the exactly-once concurrency tests: connects to the test database and runs `ops`
// operations of one primitive at once, then prints what it got as JSON on stdout.
import mongoose from 'mongoose';
import { databaseUri } from '../../src/config';
import { Leases, OnceLog, Sequence, WindowCounter } from '../../src/once/index';

const [primitive, dbName, opsArg, limitArg] = process.argv.slice(2);
const ops = Number(opsArg);
const db = mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, dbName!), { serverSelectionTimeoutMS: 5000 });
await db.asPromise();
const each = Array.from({ length: ops }, (_, i) => i);

let result: unknown;
if (primitive === 'once') {
  const log = new OnceLog<string>(db, 'once_test');
  const firsts = await Promise.all(each.map(async (i) => (await log.decide(`key-${i}`, `${process.pid}`)).first));
  result = { firsts: firsts.filter(Boolean).length };
} else if (primitive === 'counter') {
  const counter = new WindowCounter(db, { limit: Number(limitArg), windowMs: 3_600_000 });
  const hits = await Promise.all(each.map(() => counter.hit('learner:1')));
  result = { allowed: hits.filter((h) => h.allowed).length };
} else if (primitive === 'lease') {
  // Each holder does a read-modify-write of one document: only mutual exclusion keeps every increment.
  const leases = new Leases(db);
  const tally = db.collection<{ _id: string; n: number }>('lease_tally');
  let held = 0;
  await Promise.all(each.map(() => leases.run('tally', { ttlMs: 10_000, waitMs: 120_000 }, async () => {
    const doc = await tally.findOne({ _id: 'tally' });
    await tally.replaceOne({ _id: 'tally' }, { n: (doc?.n ?? 0) + 1 }, { upsert: true });
    held += 1;
  })));
  result = { held };
} else if (primitive === 'sequence') {
  const seq = new Sequence(db, 'ticket');
  result = { numbers: await Promise.all(each.map(() => seq.next())) };
}
process.stdout.write(JSON.stringify(result));
await db.close();
