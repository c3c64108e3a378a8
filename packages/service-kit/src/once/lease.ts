// A claim with a lease: one holder of a key at a time, across processes, for short work (a learner's
// read-modify-write, a relay pass, a job). A lease document's _id is a fresh token and its `key` has a unique
// index, so of two racing claimants exactly one inserts. An expired lease (its holder died) is taken over by
// deleting that exact document by its token (a delete is exact) and claiming again; a slow deleter can
// therefore never remove a newer holder's lease, whose token differs.
import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { AppError } from '../errors';
import { DeleteBatch, InsertBatch } from './coalesced';
import { KeyedLock } from './keyed-lock';
import { modelOn } from './records';

interface LeaseDoc { _id: string; key: string; holder: string; expiresAt: Date }
const leaseSchema = new Schema<LeaseDoc>({ _id: String, key: { type: String, unique: true }, holder: String, expiresAt: Date }, { versionKey: false });

export interface Lease {
  key: string;
  token: string;
  expiresAt: Date;
  /** Ends the lease; a no-op when it was already taken over. */
  release(): Promise<void>;
}

export interface LeaseOptions {
  /** How long the lease holds if its holder never releases it (dies). The work must finish well within it. */
  ttlMs: number;
  /** How long `acquire` keeps trying while another holder has the key; 0 tries once. */
  waitMs?: number;
}

export class Leases {
  private readonly model: Model<LeaseDoc>;
  private readonly ready: Promise<unknown>;
  readonly holder = `${process.pid}-${randomUUID().slice(0, 8)}`;
  /** This process's callers of `run` queue here, so one of them at a time polls the database. */
  private readonly local = new KeyedLock();
  /** Claims and releases of many keys at once go out as one insert and one delete (see coalesced.ts). */
  private readonly claims: InsertBatch<LeaseDoc>;
  private readonly releases: DeleteBatch;

  // Leases run on the wall clock, never a service's business clock (tests move that one by days).
  constructor(db: Connection, { collection = 'leases' }: { collection?: string } = {}) {
    this.model = modelOn(db, `Leases_${collection}`, leaseSchema, collection);
    this.ready = this.model.init();
    this.claims = new InsertBatch(this.model);
    this.releases = new DeleteBatch(this.model as never);
  }

  /** The lease on `key`, or null when another holder kept it for all of `waitMs`. */
  async acquire(key: string, { ttlMs, waitMs = 0 }: LeaseOptions): Promise<Lease | null> {
    await this.ready;
    const deadline = Date.now() + waitMs;
    for (let attempt = 0; ; attempt++) {
      const token = randomUUID();
      const expiresAt = new Date(Date.now() + ttlMs);
      if (await this.claims.insertOnce({ _id: token, key, holder: this.holder, expiresAt })) {
        return { key, token, expiresAt, release: () => this.releases.delete(token) };
      }
      const current = await this.model.findOne({ key }).lean();
      if (current && current.expiresAt.getTime() <= Date.now()) {
        await this.model.deleteOne({ _id: current._id }); // its holder is gone: free the key and claim again
        continue;
      }
      if (Date.now() >= deadline) return null;
      // Short, growing, jittered waits: the work under a lease takes a few milliseconds.
      await new Promise((r) => setTimeout(r, Math.min(50, 2 + attempt * 2) * (0.5 + Math.random())));
    }
  }

  /** Runs `work` holding the lease on `key`; throws LeaseBusyError when it could not be had within `waitMs`. */
  async run<T>(key: string, options: LeaseOptions, work: (lease: Lease) => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const lease = await this.acquire(key, options);
      if (!lease) throw new LeaseBusyError(key);
      try {
        return await work(lease);
      } finally {
        await lease.release().catch(() => undefined);
      }
    });
  }
}

/** 503 BUSY: the key stayed held for the whole wait (a stuck holder, or far too much contention). */
export class LeaseBusyError extends AppError {
  constructor(readonly key: string) {
    super(503, 'This is being changed by another request right now. Please try again in a moment.', 'BUSY');
  }
}
