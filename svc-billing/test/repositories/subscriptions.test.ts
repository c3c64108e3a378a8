// SubscriptionsRepository on the real FerretDB: an activation decided once, a period that ended before its activation
// was finished is not marked running again, and the expiry pass's due periods.
import { testConnection } from '@lp/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activation } from '../../src/models';
import { SubscriptionsRepository } from '../../src/repositories/subscriptions';

let db: Connection;
beforeAll(async () => { db = await testConnection('billing_subscriptions_repo'); });
afterAll(async () => { await db?.dropDatabase(); await db?.close(); });

const activation = (orderId: string, subscriptionId: string, endsAt: string): Activation => ({
  subscriptionId, userId: 'u1', orderId, provider: 'razorpay', paymentId: 'pay', amountMinor: 50000, currency: 'INR',
  startsAt: '2026-01-01T00:00:00.000Z', endsAt, paidAt: '2026-01-01T00:00:00.000Z', firstTime: true,
});

describe('SubscriptionsRepository', () => {
  it('keeps the first activation of an order and marks its period running until it ends', async () => {
    const subs = new SubscriptionsRepository(db);
    await subs.activate('o1', activation('o1', 's1', '2026-06-01T00:00:00.000Z'));
    await subs.activate('o1', activation('o1', 's1-other', '2027-06-01T00:00:00.000Z'));
    expect((await subs.activation('o1'))?.subscriptionId).toBe('s1');
    expect((await subs.dueBy(new Date('2026-07-01'))).map((l) => l._id)).toEqual(['s1']);
    const end = await subs.endOnce('s1', { userId: 'u1', reason: 'expired', endedAt: '2026-06-01T00:00:00.000Z' });
    expect((await subs.endOnce('s1', { userId: 'u1', reason: 'refunded', endedAt: '2026-06-02T00:00:00.000Z' })).reason).toBe(end.reason);
    expect(await subs.dueBy(new Date('2026-07-01'))).toEqual([]);
  });

  it('does not mark a period running again when it ended before its activation was finished (a relay after a crash)', async () => {
    const subs = new SubscriptionsRepository(db);
    await subs.endOnce('s2', { userId: 'u1', reason: 'refunded', endedAt: '2026-02-01T00:00:00.000Z' });
    await subs.activate('o2', activation('o2', 's2', '2026-03-01T00:00:00.000Z'));
    expect(await subs.activation('o2')).not.toBeNull();
    expect((await subs.dueBy(new Date('2030-01-01'))).map((l) => l._id)).not.toContain('s2');
  });
});
