// A learner's own tickets, and the desk's replies on them as notices until seen (issue 31 §17).
import type { LearnerTicket, ReplyNotice } from '@lp/contracts';
import { AppError } from '@lp/service-kit';
import type { TicketHistoryRepository } from '../repositories/history';
import type { NoticesRepository } from '../repositories/notices';
import type { TicketsRepository } from '../repositories/tickets';
import { learnerTicket, type TicketViews } from './views';

const NOTICES_MAX = 20;
const NOTICE_CHARS = 300;

interface Deps { tickets: TicketsRepository; history: TicketHistoryRepository; notices: NoticesRepository }

export function createLearnerTickets({ tickets, history, notices }: Deps, { views }: TicketViews, now: () => Date) {
  /** Every reply on the learner's own tickets, newest first, with whether it was seen. */
  async function replies(userId: string) {
    const own = await tickets.ofLearner(userId);
    const subjectOf = new Map(own.map((t) => [t._id, t.subject]));
    const { updates } = await history.ofTickets(own.map((t) => t._id));
    const withReply = updates.filter((u) => u.reply).sort((a, b) => b.at.getTime() - a.at.getTime());
    const seen = await notices.seen(userId, withReply.map((u) => u._id));
    return withReply.map((u) => ({ update: u, subject: subjectOf.get(u.ticketNumber) ?? '', seen: seen.has(u._id) }));
  }

  return {
    async notices(userId: string): Promise<ReplyNotice[]> {
      return (await replies(userId)).filter((r) => !r.seen).slice(0, NOTICES_MAX).map(({ update, subject }) => ({
        replyId: update._id, ticketNumber: update.ticketNumber, subject, message: update.reply!.slice(0, NOTICE_CHARS), at: update.at.toISOString(),
      }));
    },

    /** Marks the learner's own replies among `replyIds` seen (another learner's ids are ignored); answers how many stay unseen. */
    async markNoticesSeen(userId: string, replyIds: string[]): Promise<{ unseen: number }> {
      const all = await replies(userId);
      const mine = new Set(all.map((r) => r.update._id));
      const marking = new Set(replyIds.filter((id) => mine.has(id)));
      await notices.markSeen(userId, [...marking], now());
      return { unseen: all.filter((r) => !r.seen && !marking.has(r.update._id)).length };
    },

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
