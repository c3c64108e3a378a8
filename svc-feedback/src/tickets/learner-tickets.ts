// A learner's own tickets.
import type { LearnerTicket } from '@lp/contracts';
import { AppError } from '@lp/service-kit';
import type { TicketsRepository } from '../repositories/tickets';
import { learnerTicket, type TicketViews } from './views';

export function createLearnerTickets(tickets: TicketsRepository, { views }: TicketViews) {
  return {
    async mine(userId: string): Promise<LearnerTicket[]> {
      const own = await tickets.ofLearner(userId);
      const byNumber = await views(own);
      return own.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((t) => learnerTicket(t, byNumber.get(t._id)!));
    },

    /** One of the learner's own tickets; another learner's is "not found", never "forbidden" (it does not say it exists). */
    async mineOne(userId: string, ticketNumber: string): Promise<LearnerTicket> {
      const ticket = await tickets.byNumber(ticketNumber);
      if (!ticket || ticket.userId !== userId) throw new AppError(404, `Ticket ${ticketNumber} not found.`, 'NOT_FOUND');
      return learnerTicket(ticket, (await views([ticket])).get(ticket._id)!);
    },
  };
}
