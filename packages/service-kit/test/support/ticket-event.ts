// A feedback.ticket.created event that fits its contract: the kit's bus tests send it (the bus drops data that does not).
import type { TicketCreated } from '@lp/contracts';

/**
 * The `n`th test ticket: the same n gives the same data. Its year (1999) is one no service test files tickets in:
 * the slices share one EVENTS stream in a run, and svc-feedback's tests look their own tickets up by number there.
 */
export const ticket = (n: number): TicketCreated => ({
  ticketNumber: `LP-1999-${String(n).padStart(6, '0')}`,
  userId: 'a'.repeat(24),
  category: 'bug',
  subject: `kit ${n}`,
  createdAt: '2026-01-01T00:00:00.000Z',
});
