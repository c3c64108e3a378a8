// User searches counted per user in fixed windows, in the database so the limit holds across replicas (an in-process
// limit multiplies by them): the kit's WindowCounter, each search a unique slot insert.
import { WindowCounter } from '@lp/service-kit';
import type { Connection } from 'mongoose';
import type { WindowRule } from '../domain/attempt-window';

export class SearchesRepository {
  private readonly counter: WindowCounter;

  constructor(db: Connection, rule: WindowRule, clock: () => Date) {
    this.counter = new WindowCounter(db, { limit: rule.max, windowMs: rule.windowMs }, { collection: 'user_search_hits', now: clock });
  }

  /** Counts one search by the user; allowed while within the limit. */
  async hit(userId: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const hit = await this.counter.hit(userId);
    return { allowed: hit.allowed, retryAfterSeconds: Math.ceil(hit.retryAfterMs / 1000) };
  }
}
