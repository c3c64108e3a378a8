// Filing a ticket: its number, its screenshot, its event in the outbox, the ticket, then the event sent.
import type { TicketCreated } from '@lp/contracts';
import { AppError, eventId, type EventEnvelope, type ServiceApp } from '@lp/service-kit';
import { formatTicketNumber, ticketYear } from '../domain/ticket-number';
import type { TicketDoc } from '../models/index';
import type { AttachmentsRepository } from '../repositories/attachments';
import type { SubmissionsRepository } from '../repositories/submissions';
import type { TicketsRepository } from '../repositories/tickets';

export const TICKET_CREATED = 'feedback.ticket.created';

export interface NewTicket {
  userId: string;
  category: TicketDoc['category'];
  subject: string;
  message: string;
  submissionId?: string;
  attachment: { filename: string; kind: 'png' | 'jpeg'; bytes: Buffer } | null;
}

export interface FilingRepositories {
  tickets: TicketsRepository;
  attachments: AttachmentsRepository;
  submissions: SubmissionsRepository;
}

export function createFiling(app: ServiceApp, { tickets, attachments, submissions }: FilingRepositories, now: () => Date) {
  /** Writes the ticket from its event (and its screenshot's description): the last step of filing, idempotent. */
  async function writeTicket(data: TicketCreated) {
    await tickets.writeFromEvent(data, await attachments.description(data.ticketNumber));
  }
  // A process that died after recording the event but before writing the ticket: the relay finishes it first.
  app.bus.beforeRelay(TICKET_CREATED, async (event) => writeTicket((event as EventEnvelope<TicketCreated>).data));

  return {
    /**
     * Files a ticket: a retried submission (same learner and submissionId) answers the first ticket; otherwise a
     * slot of the learner's rate limit, a new number, the screenshot's chunks, the event in the outbox, the ticket,
     * then the event is sent. Each write is a unique insert; a crash after the event is recorded is finished by
     * the relay (writeTicket), and one before it leaves only unreferenced chunks and a skipped number.
     */
    async submit(input: NewTicket): Promise<{ ticketNumber: string; replayed: boolean }> {
      const onceKey = input.submissionId ? `${input.userId}:${input.submissionId}` : null;
      let ticketNumber = onceKey ? await submissions.ticketOf(onceKey) : null;
      if (ticketNumber && (await tickets.exists(ticketNumber))) return { ticketNumber, replayed: true };
      if (!ticketNumber) {
        const hit = await submissions.hit(input.userId);
        if (!hit.allowed) throw new RateLimited(hit.retryAfterMs);
        const at = now();
        const year = ticketYear(at);
        ticketNumber = formatTicketNumber(year, await submissions.nextNumber(year, at));
        if (onceKey) {
          const decided = await submissions.decide(onceKey, ticketNumber);
          if (!decided.first) ticketNumber = decided.value; // a racing copy won; the number taken here stays unused
          if (!decided.first && (await tickets.exists(ticketNumber))) return { ticketNumber, replayed: true };
        }
      }
      // From here on a retry of a call that died half-way repeats the same inserts: each is a no-op the second time.
      if (input.attachment) await attachments.store(ticketNumber, input.attachment);
      const data: TicketCreated = {
        ticketNumber, userId: input.userId, category: input.category as TicketCreated['category'], subject: input.subject, message: input.message,
        createdAt: now().toISOString(),
      };
      // Recording an id already recorded keeps the first envelope: the ticket is written from what was recorded.
      // The id names this desk's ticket: its number within this database (numbers repeat across databases, e.g.
      // test stacks sharing one NATS, where the stream would drop another desk's ticket as a duplicate).
      const envelope = await app.bus.record(TICKET_CREATED, data, { id: eventId(TICKET_CREATED, `${app.db.name}/${ticketNumber}`) });
      await writeTicket(envelope.data);
      await app.bus.flush(envelope);
      return { ticketNumber, replayed: false };
    },
  };
}

/** 429: the learner sent too many tickets in the window. */
export class RateLimited extends AppError {
  constructor(readonly retryAfterMs: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    super(429, `You have sent a lot of feedback in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 'RATE_LIMITED');
  }
}
