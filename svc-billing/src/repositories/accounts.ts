// The learner's derived view (`accounts`: orders and subscriptions, one document per learner), rewritten only under
// the learner's lease (the kit's Leases), so two writers never interleave their read-modify-write.
import type { Leases } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { accountModel, type AccountDoc } from '../models';

/** The learner's lease: their derived view and the choice of a new period's start are rebuilt under it. */
const USER_LEASE = { ttlMs: 15_000, waitMs: 10_000 };

export class AccountsRepository {
  private readonly accounts: Model<AccountDoc>;

  constructor(db: Connection, private readonly leases: Leases) {
    this.accounts = accountModel(db);
  }

  /** The learner's view; an empty one for a learner with nothing recorded. */
  async of(userId: string): Promise<AccountDoc> {
    return (await this.accounts.findById(userId).lean()) ?? { _id: userId, orders: [], subscriptions: [] };
  }

  /** Rewrites the learner's view: only inside `underLease` for that learner. */
  async replace({ _id, orders, subscriptions }: AccountDoc): Promise<void> {
    await this.accounts.replaceOne({ _id }, { orders, subscriptions }, { upsert: true });
  }

  /** Runs `work` holding the learner's lease (one holder across replicas). */
  async underLease<T>(userId: string, work: () => Promise<T>): Promise<T> {
    return this.leases.run(`billing-account:${userId}`, USER_LEASE, work);
  }
}
