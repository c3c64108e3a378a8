// Tickets as sent: written once (`_id` = ticket number), never updated. Read by `_id`, or listed by learner or
// category (FerretDB scans for those; see the README).
import type { TicketCreated } from '@lp/contracts';
import { insertOnce } from '@lp/service-kit';
import type { Connection, Model } from 'mongoose';
import { feedbackModels, type AttachmentMeta, type TicketDoc } from '../models/index';

export class TicketsRepository {
  private readonly tickets: Model<TicketDoc>;

  constructor(db: Connection) {
    this.tickets = feedbackModels(db).tickets;
  }

  async byNumber(ticketNumber: string): Promise<TicketDoc | null> {
    return this.tickets.findById(ticketNumber).lean();
  }

  async exists(ticketNumber: string): Promise<boolean> {
    return Boolean(await this.tickets.exists({ _id: ticketNumber }));
  }

  async ofLearner(userId: string): Promise<TicketDoc[]> {
    return this.tickets.find({ userId }).lean();
  }

  /** The inbox: every ticket, or those of one category. */
  async inCategory(category?: string): Promise<TicketDoc[]> {
    return this.tickets.find(category ? { category } : {}).lean();
  }

  /** Writes the ticket its event describes, once: writing it again (a retry, the relay's finisher) is a no-op. */
  async writeFromEvent(data: TicketCreated, attachment: AttachmentMeta | null): Promise<void> {
    await insertOnce(this.tickets, {
      _id: data.ticketNumber, userId: data.userId, category: data.category, subject: data.subject, message: data.message ?? '',
      createdAt: new Date(data.createdAt), attachment,
    });
  }
}
