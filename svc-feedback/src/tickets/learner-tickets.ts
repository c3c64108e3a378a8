// A learner's own tickets.
import type { LearnerTicket } from '@lp/contracts';
import { AppError } from '@lp/service-kit';
import type { FeedbackModels } from '../models/index';
import { learnerTicket, type TicketViews } from './views';

export function createLearnerTickets(models: FeedbackModels, { views }: TicketViews) {
  return {
    async mine(userId: string): Promise<LearnerTicket[]> {
      const tickets = await models.tickets.find({ userId }).lean();
      const byNumber = await views(tickets);
      return tickets.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((t) => learnerTicket(t, byNumber.get(t._id)!));
    },

    /** One of the learner's own tickets; another learner's is "not found", never "forbidden" (it does not say it exists). */
    async mineOne(userId: string, ticketNumber: string): Promise<LearnerTicket> {
      const ticket = await models.tickets.findById(ticketNumber).lean();
      if (!ticket || ticket.userId !== userId) throw new AppError(404, `Ticket ${ticketNumber} not found.`, 'NOT_FOUND');
      return learnerTicket(ticket, (await views([ticket])).get(ticket._id)!);
    },
  };
}
