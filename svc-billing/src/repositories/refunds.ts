// Money given back at a gateway (the kit's OnceLog `refunds`): asked under a lease per refund, then decided once, so
// however many tickets, redeliveries and replicas ask, the gateway is asked once and every later caller reads it back.
import type { Leases, OnceLog } from '@lp/service-kit';
import type { Connection } from 'mongoose';
import { refundLog, type RefundRecord } from '../models';

const REFUND_LEASE = { ttlMs: 60_000, waitMs: 30_000 };

export class RefundsRepository {
  private readonly refunds: OnceLog<RefundRecord>;

  constructor(db: Connection, private readonly leases: Leases) {
    this.refunds = refundLog(db);
  }

  /** The refund recorded under `key` (a subscription id, or `region:<orderId>`), if any. */
  async byKey(key: string): Promise<RefundRecord | null> {
    return this.refunds.get(key);
  }

  /** The refund under `key`: the recorded one, or `send` asks the gateway (once, under the lease) and it is recorded. */
  async once(key: string, send: () => Promise<RefundRecord>): Promise<RefundRecord> {
    const done = await this.refunds.get(key);
    if (done) return done;
    return this.leases.run(`billing-refund:${key}`, REFUND_LEASE, async () => {
      const again = await this.refunds.get(key);
      if (again) return again;
      return (await this.refunds.decide(key, await send())).value;
    });
  }
}
