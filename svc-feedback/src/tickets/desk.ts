// The owner's support desk: the inbox, a ticket's screenshot, and replies with a status.
import type { InboxTicket, TicketStatus } from '@lp/contracts';
import { AppError, insertOnce } from '@lp/service-kit';
import { inboxOrder } from '../domain/ticket-state';
import type { FeedbackModels } from '../models/index';
import { strip, type TicketViews } from './views';

export function createDesk(models: FeedbackModels, now: () => Date, { inboxTickets }: TicketViews) {
  return {
    async inbox(filter: { category?: string; status?: TicketStatus }): Promise<{ tickets: InboxTicket[]; overdue: number }> {
      const tickets = await models.tickets.find(filter.category ? { category: filter.category } : {}).lean();
      const all = inboxOrder(await inboxTickets(tickets));
      const shown = filter.status ? all.filter((t) => t.status === filter.status) : all;
      return { tickets: shown.map(strip), overdue: all.filter((t) => t.overdue).length };
    },

    async inboxOne(ticketNumber: string): Promise<InboxTicket> {
      const ticket = await models.tickets.findById(ticketNumber).lean();
      if (!ticket) throw new AppError(404, `Ticket ${ticketNumber} not found.`, 'NOT_FOUND');
      return strip((await inboxTickets([ticket]))[0]!);
    },

    async attachment(ticketNumber: string): Promise<{ kind: 'png' | 'jpeg'; filename: string; bytes: Buffer }> {
      const ticket = await models.tickets.findById(ticketNumber).lean();
      if (!ticket) throw new AppError(404, `Ticket ${ticketNumber} not found.`, 'NOT_FOUND');
      if (!ticket.attachment) throw new AppError(404, `Ticket ${ticketNumber} has no screenshot.`, 'NO_ATTACHMENT');
      const ids = Array.from({ length: ticket.attachment.chunks }, (_, i) => `${ticketNumber}:${i}`);
      // One chunk at a time by _id (FerretDB scans the collection for anything else).
      const parts: Buffer[] = [];
      for (const id of ids) {
        const chunk = await models.chunks.findById(id).lean();
        if (!chunk) throw new AppError(500, `A part of the screenshot of ${ticketNumber} is missing.`, 'ATTACHMENT_INCOMPLETE');
        const data = chunk.data as unknown; // a Buffer, or the driver's Binary from a lean read
        parts.push(Buffer.isBuffer(data) ? data : Buffer.from((data as { buffer: Uint8Array }).buffer));
      }
      return { kind: ticket.attachment.kind, filename: ticket.attachment.filename, bytes: Buffer.concat(parts) };
    },

    async reply(ticketNumber: string, by: string, body: { replyId: string; status: TicketStatus; reply?: string }): Promise<InboxTicket> {
      const ticket = await models.tickets.findById(ticketNumber).lean();
      if (!ticket) throw new AppError(404, `Ticket ${ticketNumber} not found.`, 'NOT_FOUND');
      const reply = body.reply?.trim() ? body.reply.trim() : null;
      const stored = await models.updates.findById(body.replyId).lean();
      if (stored && stored.ticketNumber !== ticketNumber) throw new AppError(409, 'This reply id was used for another ticket. Send the reply again.', 'REPLY_ID_REUSED');
      if (!stored) await insertOnce(models.updates, { _id: body.replyId, ticketNumber, status: body.status, reply, by, at: now() });
      return strip((await inboxTickets([ticket]))[0]!);
    },
  };
}
