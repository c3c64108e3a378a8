// The kit's own collections that are read by something other than `_id` carry the index MongoDB needs for it,
// built as a service builds them (autoIndex): the outbox relay's due events, the window sweep, the lease key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { createService, Leases, WindowCounter, type ServiceApp } from '../src/index';
import { builtIndexes, createTestKeys, testConnection, uniqueDbName } from '../src/testing/index';

let db: Connection;
let app: ServiceApp;
beforeAll(async () => {
  db = await testConnection('kit_indexes');
  const keys = await createTestKeys();
  app = await createService({ name: 'feedback', description: 'kit index test', app: async () => {} }, { dbName: uniqueDbName('kit_indexes'), verifier: keys.verifier, logger: false });
});
afterAll(async () => {
  await db?.dropDatabase();
  await db?.close();
  await app?.db.dropDatabase();
  await app?.close();
});

describe('indexes of the kit collections', () => {
  it('the outbox is indexed by createdAt (the relay reads what is due, oldest first)', async () => {
    expect(await builtIndexes(app.db.models.Outbox!)).toContainEqual({ key: { createdAt: 1 }, unique: false });
  });

  it('window hits by expiresAt (the sweep), leases by a unique key', async () => {
    new WindowCounter(db, { limit: 1, windowMs: 60_000 }, { collection: 'hits' });
    new Leases(db, { collection: 'leases_i' });
    expect(await builtIndexes(db.models.WindowHits_hits!)).toContainEqual({ key: { expiresAt: 1 }, unique: false });
    expect(await builtIndexes(db.models.Leases_leases_i!)).toContainEqual({ key: { key: 1 }, unique: true });
  });
});
