// OrdersRepository on the real FerretDB: an order's status facts (each kept once) and the pending marker the
// reconciler follows until the order is captured.
import { testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/models';
import { OrdersRepository } from '../../src/repositories/orders';

let db: Connection;
beforeAll(async () => { db = await testConnection('billing_orders_repo'); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

describe('OrdersRepository', () => {
  it('follows an order until it is captured, and keeps each status it reached once', async () => {
    const orders = new OrdersRepository(db);
    const order: OrderDoc = { _id: 'order_1', provider: 'razorpay', userId: 'u1', region: 'india', amountMinor: 50000, currency: 'INR', createdAt: new Date('2026-01-01') };
    await orders.open(order);
    await orders.open(order);
    await orders.recordState(order, 'created', null, new Date('2026-01-01'));
    expect((await orders.pendingSince(new Date('2026-01-02'))).map((p) => p._id)).toEqual(['order_1']);
    await orders.recordState(order, 'captured', 'pay_1', new Date('2026-01-01T00:01:00Z'));
    await orders.recordState(order, 'captured', 'pay_2', new Date('2026-01-01T00:02:00Z'));
    expect(await orders.pendingSince(new Date('2026-01-02'))).toEqual([]);
    const facts = await orders.statesOf('order_1');
    expect(facts.map((f) => [f.state, f.paymentId])).toEqual([['created', null], ['captured', 'pay_1']]);
    expect((await orders.byId('order_1'))?.amountMinor).toBe(50000);
  });
});
