// A ticket's state as people see it, derived from its insert-only history: the desk's updates (status and
// reply) and billing's outcomes. Nothing here is stored as a mutable field, so no two writers can lose each
// other's change.
import type { TicketOutcome, TicketReply, TicketStatus } from '@lp/contracts';

export const RESPONSE_PROMISE_MS = 24 * 60 * 60 * 1000;

export interface DeskUpdate { status: TicketStatus; reply: string | null; at: Date }
export interface BillingOutcome { outcome: TicketOutcome['outcome']; reason: string; decidedAt: Date }

export interface TicketView {
  status: TicketStatus;
  replies: TicketReply[];
  outcome: TicketOutcome | null;
  /** When the learner first got an answer (a reply or billing's outcome); null while unanswered. */
  answeredAt: Date | null;
}

export function ticketView(updates: DeskUpdate[], outcomes: BillingOutcome[]): TicketView {
  const sorted = [...updates].sort((a, b) => a.at.getTime() - b.at.getTime());
  const latestOutcome = [...outcomes].sort((a, b) => b.decidedAt.getTime() - a.decidedAt.getTime())[0] ?? null;
  const replies = sorted.filter((u) => u.reply).map((u) => ({ message: u.reply!, at: u.at.toISOString() }));
  const firstReply = sorted.find((u) => u.reply)?.at ?? null;
  const firstOutcome = outcomes.length ? new Date(Math.min(...outcomes.map((o) => o.decidedAt.getTime()))) : null;
  const answers = [firstReply, firstOutcome].filter((d): d is Date => d !== null);
  // A refund billing made (the learner confirmed it on My plan) resolves the ticket; a later desk update still rules.
  const changes = [
    ...sorted.map((u) => ({ status: u.status, at: u.at })),
    ...outcomes.filter((o) => o.outcome === 'refunded').map((o) => ({ status: 'resolved' as const, at: o.decidedAt })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    status: changes.at(-1)?.status ?? 'open',
    replies,
    outcome: latestOutcome && { outcome: latestOutcome.outcome, reason: latestOutcome.reason, decidedAt: latestOutcome.decidedAt.toISOString() },
    answeredAt: answers.length ? new Date(Math.min(...answers.map((d) => d.getTime()))) : null,
  };
}

/** The spec promises a response within 24 hours: a ticket older than that, unanswered and not resolved, is overdue. */
export function isOverdue(createdAt: Date, view: Pick<TicketView, 'status' | 'answeredAt'>, now: Date): boolean {
  return view.status !== 'resolved' && view.answeredAt === null && now.getTime() - createdAt.getTime() > RESPONSE_PROMISE_MS;
}

/** The inbox order: overdue tickets first (oldest first, the longest wait on top), then the rest newest first. */
export function inboxOrder<T extends { created: Date; overdue: boolean }>(tickets: T[]): T[] {
  return [...tickets].sort((a, b) => {
    if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
    return a.overdue ? a.created.getTime() - b.created.getTime() : b.created.getTime() - a.created.getTime();
  });
}
