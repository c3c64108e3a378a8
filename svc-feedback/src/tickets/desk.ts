// The owner's support desk: the inbox, a ticket's screenshot, and replies with a status.
import type { InboxTicket, PushMessage, TicketStatus } from '@lp/contracts';
import { AppError } from '@lp/service-kit';
import { inboxOrder } from '../domain/ticket-state';
import type { AttachmentsRepository } from '../repositories/attachments';
import type { TicketHistoryRepository } from '../repositories/history';
import type { TicketsRepository } from '../repositories/tickets';
import { strip, type TicketViews } from './views';

export interface DeskRepositories {
  tickets: TicketsRepository;
  attachments: AttachmentsRepository;
  history: TicketHistoryRepository;
}

/** A best-effort push to a user's open tabs (the bus's `push`: never throws). */
export type PushToUser = (userId: string, message: PushMessage) => void;

export function createDesk({ tickets, attachments, history }: DeskRepositories, now: () => Date, { inboxTickets }: TicketViews, push: PushToUser) {
  return {
    async inbox(filter: { category?: string; status?: TicketStatus }): Promise<{ tickets: InboxTicket[]; overdue: number }> {
      const all = inboxOrder(await inboxTickets(await tickets.inCategory(filter.category)));
      const shown = filter.status ? all.filter((t) => t.status === filter.status) : all;
      return { tickets: shown.map(strip), overdue: all.filter((t) => t.overdue).length };
    },

    async inboxOne(ticketNumber: string): Promise<InboxTicket> {
      const ticket = await tickets.byNumber(ticketNumber);
      if (!ticket) throw new AppError(404, `Ticket ${ticketNumber} not found.`, 'NOT_FOUND');
      return strip((await inboxTickets([ticket]))[0]!);
    },

    async attachment(ticketNumber: string): Promise<{ kind: 'png' | 'jpeg'; filename: string; bytes: Buffer }> {
      const ticket = await tickets.byNumber(ticketNumber);
      if (!ticket) throw new AppError(404, `Ticket ${ticketNumber} not found.`, 'NOT_FOUND');
      if (!ticket.attachment) throw new AppError(404, `Ticket ${ticketNumber} has no screenshot.`, 'NO_ATTACHMENT');
      const bytes = await attachments.bytes(ticketNumber, ticket.attachment.chunks);
      if (!bytes) throw new AppError(500, `A part of the screenshot of ${ticketNumber} is missing.`, 'ATTACHMENT_INCOMPLETE');
      return { kind: ticket.attachment.kind, filename: ticket.attachment.filename, bytes };
    },

    async reply(ticketNumber: string, by: string, body: { replyId: string; status: TicketStatus; reply?: string }): Promise<InboxTicket> {
      const ticket = await tickets.byNumber(ticketNumber);
      if (!ticket) throw new AppError(404, `Ticket ${ticketNumber} not found.`, 'NOT_FOUND');
      const reply = body.reply?.trim() ? body.reply.trim() : null;
      const stored = await history.update(body.replyId);
      if (stored && stored.ticketNumber !== ticketNumber) throw new AppError(409, 'This reply id was used for another ticket. Send the reply again.', 'REPLY_ID_REUSED');
      if (!stored) {
        await history.recordUpdate({ _id: body.replyId, ticketNumber, status: body.status, reply, by, at: now() });
        // Stored first: the learner's open tab asks for its notices again and finds this one (issue 31 §17).
        if (reply) push(ticket.userId, { type: 'reply', ticketNumber });
      }
      return strip((await inboxTickets([ticket]))[0]!);
    },
  };
}
