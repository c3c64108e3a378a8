// Counts admin password attempts per key in fixed windows, in the database so all instances agree. Each
// attempt takes one of the window's numbered slots with a unique insert (the kit's WindowCounter): racing
// attempts cannot share a slot, so concurrency cannot buy more guesses than the limit, on any number of
// instances. (The former `$inc` on one document let 11 of 40 simultaneous guesses through on FerretDB.)
import { WindowCounter } from '@lp/service-kit';
import type { Connection } from 'mongoose';
import type { WindowRule } from '../domain/attempt-window';

export class AttemptsRepository {
  private readonly counter: WindowCounter;

  constructor(db: Connection, rule: WindowRule, clock: () => Date) {
    this.counter = new WindowCounter(db, { limit: rule.max, windowMs: rule.windowMs }, { collection: 'admin_attempts', now: clock, releasable: true });
  }

  /**
   * Counts one attempt on every key; allowed only while each key is within its limit. An attempt holds its slots
   * while the password is checked (so racing guesses cannot exceed the limit); `forgive` gives them back when it
   * was right, so only wrong passwords use up the limit.
   */
  async hit(keys: string[]): Promise<{ allowed: boolean; retryAfterSeconds: number; forgive: () => Promise<void> }> {
    const hit = await this.counter.hitAll(keys);
    return { allowed: hit.allowed, retryAfterSeconds: Math.max(1, Math.ceil(hit.retryAfterMs / 1000)), forgive: () => this.counter.release(hit.slots) };
  }
}
