// Challenge reads everything by `_id` except a numbered list's entry by its ref: that one needs a (unique) index.
import { builtIndexes, testConnection } from '@lp/service-kit/testing';
import { NumberedLists } from '@lp/service-kit';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';

let db: Connection;
beforeAll(async () => { db = await testConnection('challenge_indexes'); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

it('indexes list entries by their ref, uniquely', async () => {
  const lists = new NumberedLists(db, 'entries_i');
  await lists.ready;
  expect(await builtIndexes(db.models.NumberedLists_entries_i!)).toContainEqual({ key: { ref: 1 }, unique: true });
});
