// What filing a ticket takes before the ticket: the learner's rate limit (the kit's WindowCounter), a ticket
// number from the year's Sequence, and the ticket a retried submission decided (the kit's OnceLog). Each is a
// unique insert, so all replicas agree.
import { OnceLog, Sequence, WindowCounter, type WindowRule } from '@lp/service-kit';
import type { Connection } from 'mongoose';
import { sequenceName } from '../domain/ticket-number';

export class SubmissionsRepository {
  private readonly decided: OnceLog<string>;
  private readonly limit: WindowCounter;
  private readonly sequences = new Map<number, Sequence>();

  constructor(private readonly db: Connection, limit: WindowRule) {
    this.decided = new OnceLog<string>(db, 'submissions');
    this.limit = new WindowCounter(db, limit, { collection: 'submission_hits' });
  }

  /** The ticket number a submission (`<user>:<submissionId>`) was given, if any. */
  async ticketOf(onceKey: string): Promise<string | null> {
    return this.decided.get(onceKey);
  }

  /** Gives a submission its ticket number; when a racing copy decided first, `value` is its number. */
  async decide(onceKey: string, ticketNumber: string): Promise<{ first: boolean; value: string }> {
    return this.decided.decide(onceKey, ticketNumber);
  }

  /** Takes a slot of the learner's rate limit. */
  async hit(userId: string): Promise<{ allowed: boolean; retryAfterMs: number }> {
    return this.limit.hit(`user:${userId}`);
  }

  /** The next number of `year`'s ticket sequence (unique and increasing across replicas). */
  async nextNumber(year: number, at: Date): Promise<number> {
    const sequence = this.sequences.get(year) ?? this.sequences.set(year, new Sequence(this.db, sequenceName(year))).get(year)!;
    return sequence.next(at);
  }
}
