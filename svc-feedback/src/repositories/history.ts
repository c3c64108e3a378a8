// A ticket's insert-only history: the desk's updates (`_id` = the client's replyId) and billing's outcomes
// (`_id` = the event id). Nothing is updated, so no two writers can lose each other's change.
import { insertOnce } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { feedbackModels, type OutcomeDoc, type UpdateDoc } from '../models/index';

export class TicketHistoryRepository {
  private readonly updates: Model<UpdateDoc>;
  private readonly outcomes: Model<OutcomeDoc>;

  constructor(db: Connection) {
    const models = feedbackModels(db);
    this.updates = models.updates;
    this.outcomes = models.outcomes;
  }

  /** The updates and outcomes of some tickets (two queries, none for no tickets). */
  async ofTickets(ticketNumbers: string[]): Promise<{ updates: UpdateDoc[]; outcomes: OutcomeDoc[] }> {
    if (ticketNumbers.length === 0) return { updates: [], outcomes: [] };
    const [updates, outcomes] = await Promise.all([
      this.updates.find({ ticketNumber: { $in: ticketNumbers } }).lean(),
      this.outcomes.find({ ticketNumber: { $in: ticketNumbers } }).lean(),
    ]);
    return { updates, outcomes };
  }

  async update(replyId: string): Promise<UpdateDoc | null> {
    return this.updates.findById(replyId).lean();
  }

  /** Records a status change and reply once per replyId: a retried reply is one record. */
  async recordUpdate(update: UpdateDoc): Promise<void> {
    await insertOnce(this.updates, update);
  }

  /** Records billing's decision once per event id: a redelivery writes nothing twice. */
  async recordOutcome(outcome: OutcomeDoc): Promise<void> {
    await insertOnce(this.outcomes, outcome);
  }
}
