// How tickets read: the learner's view (status, replies and outcome from the insert-only history) and the inbox's.
import type { InboxTicket, LearnerTicket } from '@lp/contracts';
import { isOverdue, ticketView, type TicketView } from '../domain/ticket-state';
import type { AttachmentMeta, TicketDoc } from '../models/index';
import type { TicketHistoryRepository } from '../repositories/history';
import type { LearnersRepository } from '../repositories/learners';

export type InboxEntry = InboxTicket & { created: Date };
export type TicketViews = ReturnType<typeof createTicketViews>;

export function createTicketViews({ history, learners: directory }: { history: TicketHistoryRepository; learners: LearnersRepository }, now: () => Date) {
  async function views(tickets: TicketDoc[]): Promise<Map<string, TicketView>> {
    const { updates, outcomes } = await history.ofTickets(tickets.map((t) => t._id));
    return new Map(tickets.map((t) => [t._id, ticketView(updates.filter((u) => u.ticketNumber === t._id), outcomes.filter((o) => o.ticketNumber === t._id))]));
  }

  async function inboxTickets(tickets: TicketDoc[]): Promise<InboxEntry[]> {
    const [byNumber, learners] = await Promise.all([
      views(tickets),
      directory.byIds([...new Set(tickets.map((t) => t.userId))]),
    ]);
    const at = now();
    return tickets.map((t) => {
      const v = byNumber.get(t._id)!;
      const learner = learners.find((l) => l._id === t.userId);
      const attachment: AttachmentMeta | null = t.attachment && t.attachment.size ? t.attachment : null;
      return {
        ...learnerTicket(t, v), userId: t.userId, learner: learner ? { name: learner.name, email: learner.email } : null,
        attachment: attachment && { filename: attachment.filename, kind: attachment.kind, size: attachment.size },
        overdue: isOverdue(t.createdAt, v, at), created: t.createdAt,
      };
    });
  }

  return { views, inboxTickets };
}

export const learnerTicket = (t: TicketDoc, v: TicketView): LearnerTicket => ({
  ticketNumber: t._id, category: t.category as LearnerTicket['category'], subject: t.subject, message: t.message, status: v.status,
  createdAt: t.createdAt.toISOString(), hasAttachment: t.attachment !== null, replies: v.replies, outcome: v.outcome,
});

/** The inbox entry as answered (its creation time was only for ordering). */
export const strip = ({ created: _created, ...ticket }: InboxEntry): InboxTicket => ticket;
