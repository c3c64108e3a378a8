// Counts admin password attempts per key in fixed windows, in the database so all instances agree.
import type { Connection, Model } from 'mongoose';
import { retryAfterSeconds, windowStart, type WindowRule } from '../domain/attempt-window';
import { attemptWindowModel, type AttemptWindowDoc } from '../models/attempt-window';

export class AttemptsRepository {
  private readonly windows: Model<AttemptWindowDoc>;
  private lastSweep = 0;

  constructor(db: Connection, private readonly rule: WindowRule, private readonly clock: () => Date) {
    this.windows = attemptWindowModel(db);
  }

  /** Counts one attempt for each key (atomically) and says whether any key is over the limit. */
  async hit(keys: string[]): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const now = this.clock();
    const start = windowStart(now, this.rule);
    const expiresAt = new Date(start + this.rule.windowMs);
    const counts = await Promise.all(keys.map(async (key) => {
      const doc = await this.windows.findOneAndUpdate(
        { _id: `${key}:${start}` },
        { $inc: { count: 1 }, $setOnInsert: { expiresAt } },
        { upsert: true, new: true },
      ).lean();
      return doc?.count ?? 1;
    }));
    await this.sweep(now);
    return { allowed: counts.every((c) => c <= this.rule.max), retryAfterSeconds: retryAfterSeconds(now, this.rule) };
  }

  /** FerretDB has no TTL indexes: past windows are removed here, at most once a minute. */
  private async sweep(now: Date) {
    if (now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    await this.windows.deleteMany({ expiresAt: { $lte: now } });
  }
}
