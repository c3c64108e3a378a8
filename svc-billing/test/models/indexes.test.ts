// The indexes billing's queries need on MongoDB (every filter not on `_id`), declared on the models and built.
import { builtIndexes, testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveSubscriptionModel, pendingOrderModel } from '../../src/models';

let db: Connection;
beforeAll(async () => { db = await testConnection('billing_indexes'); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

it('indexes the reconciler\'s oldest pending orders and the expiry pass\'s ended periods', async () => {
  expect(await builtIndexes(pendingOrderModel(db))).toContainEqual({ key: { createdAt: 1 }, unique: false });
  expect(await builtIndexes(liveSubscriptionModel(db))).toContainEqual({ key: { endsAt: 1 }, unique: false });
});
