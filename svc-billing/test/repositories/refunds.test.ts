// RefundsRepository on the real FerretDB: however many callers race on two replicas, the gateway is asked once and
// every caller gets the one refund back.
import { databaseUri, Leases } from '@lp/service-kit';
import { uniqueDbName } from '@lp/service-kit/testing';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RefundsRepository } from '../../src/repositories/refunds';

let dbs: Connection[];
beforeAll(async () => {
  const name = uniqueDbName('billing_refunds_repo');
  dbs = await Promise.all([1, 2].map(() => mongoose.createConnection(databaseUri(process.env.MONGODB_URI!, name)).asPromise()));
});
afterAll(async () => { await dbs?.[0]?.dropDatabase(); await Promise.all((dbs ?? []).map((db) => db.close())); });

it('asks the gateway once when eight refunds of one subscription race on two replicas', async () => {
  const repos = dbs.map((db) => new RefundsRepository(db, new Leases(db)));
  let asked = 0;
  const send = async () => {
    asked += 1;
    return { provider: 'razorpay' as const, paymentId: 'pay_1', refundId: `rfnd_${asked}`, amountMinor: 50000, currency: 'INR' as const, at: new Date().toISOString() };
  };
  const refunds = await Promise.all(Array.from({ length: 8 }, (_, i) => repos[i % 2]!.once('sub-1', send)));
  expect(asked).toBe(1);
  expect(new Set(refunds.map((r) => r.refundId))).toEqual(new Set(['rfnd_1']));
  expect((await repos[1]!.byKey('sub-1'))?.refundId).toBe('rfnd_1');
  expect(await repos[0]!.byKey('sub-2')).toBeNull();
});
