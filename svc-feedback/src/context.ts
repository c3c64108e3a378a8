// The service's state and its one path for each change: filing a ticket (number, screenshot, event, ticket),
// the desk's updates, billing's outcomes, and the views learners and the owner read.
import type { InboxTicket, LearnerTicket, TicketCreated, TicketStatus } from '@lp/contracts';
import { AppError, OnceLog, Sequence, WindowCounter, eventId, insertOnce, type EventEnvelope, type ServiceApp, type WindowRule } from '@lp/service-kit';
import { splitChunks } from './domain/attachment';
import { formatTicketNumber, sequenceName, ticketYear } from './domain/ticket-number';
import { inboxOrder, isOverdue, ticketView, type TicketView } from './domain/ticket-state';
import { feedbackModels, type AttachmentMeta, type TicketDoc } from './models/index';

export const TICKET_CREATED = 'feedback.ticket.created';

export interface FeedbackOptions {
  /** The business clock (tests move it to show the 24-hour promise). */
  now?: () => Date;
  /** Submissions per learner per window (default 10 an hour). */
  submissionLimit?: WindowRule;
}

export interface NewTicket {
  userId: string;
  category: TicketDoc['category'];
  subject: string;
  message: string;
  submissionId?: string;
  attachment: { filename: string; kind: 'png' | 'jpeg'; bytes: Buffer } | null;
}

export type FeedbackContext = ReturnType<typeof createContext>;

export function createContext(app: ServiceApp, options: FeedbackOptions = {}) {
  const now = options.now ?? (() => new Date());
  const models = feedbackModels(app.db);
  const submissions = new OnceLog<string>(app.db, 'submissions');
  const submissionLimit = new WindowCounter(app.db, options.submissionLimit ?? { limit: 10, windowMs: 60 * 60 * 1000 }, { collection: 'submission_hits' });
  const sequences = new Map<number, Sequence>();
  const sequenceOf = (year: number) => sequences.get(year) ?? sequences.set(year, new Sequence(app.db, sequenceName(year))).get(year)!;

  /** Writes the ticket from its event (and its screenshot's description): the last step of filing, idempotent. */
  async function writeTicket(data: TicketCreated) {
    const attachment = await models.attachments.findById(data.ticketNumber).lean();
    await insertOnce(models.tickets, {
      _id: data.ticketNumber, userId: data.userId, category: data.category, subject: data.subject, message: data.message ?? '',
      createdAt: new Date(data.createdAt),
      attachment: attachment ? { filename: attachment.filename, kind: attachment.kind, size: attachment.size, chunks: attachment.chunks } : null,
    });
  }
  // A process that died after recording the event but before writing the ticket: the relay finishes it first.
  app.bus.beforeRelay(TICKET_CREATED, async (event) => writeTicket((event as EventEnvelope<TicketCreated>).data));

  async function views(tickets: TicketDoc[]): Promise<Map<string, TicketView>> {
    const numbers = tickets.map((t) => t._id);
    const [updates, outcomes] = numbers.length === 0 ? [[], []] : await Promise.all([
      models.updates.find({ ticketNumber: { $in: numbers } }).lean(),
      models.outcomes.find({ ticketNumber: { $in: numbers } }).lean(),
    ]);
    return new Map(tickets.map((t) => [t._id, ticketView(updates.filter((u) => u.ticketNumber === t._id), outcomes.filter((o) => o.ticketNumber === t._id))]));
  }

  const learnerTicket = (t: TicketDoc, v: TicketView): LearnerTicket => ({
    ticketNumber: t._id, category: t.category as LearnerTicket['category'], subject: t.subject, message: t.message, status: v.status,
    createdAt: t.createdAt.toISOString(), hasAttachment: t.attachment !== null, replies: v.replies, outcome: v.outcome,
  });

  async function inboxTickets(tickets: TicketDoc[]): Promise<Array<InboxTicket & { created: Date }>> {
    const [byNumber, learners] = await Promise.all([
      views(tickets),
      tickets.length ? models.learners.find({ _id: { $in: [...new Set(tickets.map((t) => t.userId))] } }).lean() : [],
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
  const strip = ({ created: _created, ...ticket }: InboxTicket & { created: Date }): InboxTicket => ticket;

  return {
    app,
    models,
    now,

    /**
     * Files a ticket: a retried submission (same learner and submissionId) answers the first ticket; otherwise a
     * slot of the learner's rate limit, a new number, the screenshot's chunks, the event in the outbox, the ticket,
     * then the event is sent. Each write is a unique insert; a crash after the event is recorded is finished by
     * the relay (writeTicket), and one before it leaves only unreferenced chunks and a skipped number.
     */
    async submit(input: NewTicket): Promise<{ ticketNumber: string; replayed: boolean }> {
      const onceKey = input.submissionId ? `${input.userId}:${input.submissionId}` : null;
      let ticketNumber = onceKey ? await submissions.get(onceKey) : null;
      if (ticketNumber && (await models.tickets.exists({ _id: ticketNumber }))) return { ticketNumber, replayed: true };
      if (!ticketNumber) {
        const hit = await submissionLimit.hit(`user:${input.userId}`);
        if (!hit.allowed) throw new RateLimited(hit.retryAfterMs);
        const at = now();
        const year = ticketYear(at);
        ticketNumber = formatTicketNumber(year, await sequenceOf(year).next(at));
        if (onceKey) {
          const decided = await submissions.decide(onceKey, ticketNumber);
          if (!decided.first) ticketNumber = decided.value; // a racing copy won; the number taken here stays unused
          if (!decided.first && (await models.tickets.exists({ _id: ticketNumber }))) return { ticketNumber, replayed: true };
        }
      }
      // From here on a retry of a call that died half-way repeats the same inserts: each is a no-op the second time.
      if (input.attachment) {
        const chunks = splitChunks(input.attachment.bytes);
        await Promise.all(chunks.map((data, index) => insertOnce(models.chunks, { _id: `${ticketNumber}:${index}`, ticketNumber: ticketNumber!, index, data })));
        await insertOnce(models.attachments, { _id: ticketNumber, filename: input.attachment.filename.slice(0, 200), kind: input.attachment.kind, size: input.attachment.bytes.length, chunks: chunks.length });
      }
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

/** 429: the learner sent too many tickets in the window. */
export class RateLimited extends AppError {
  constructor(readonly retryAfterMs: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    super(429, `You have sent a lot of feedback in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 'RATE_LIMITED');
  }
}
