// Ticket numbers a person can read over the phone: LP-<year>-<number of that year, at least 6 digits>,
// e.g. LP-2026-000123. The number comes from the kit's Sequence (one per year), so it is unique and increasing.

/** The business year of a moment: the calendar year in India (Asia/Kolkata, UTC+5:30, no daylight saving). */
export function ticketYear(at: Date): number {
  return new Date(at.getTime() + 330 * 60_000).getUTCFullYear();
}

export function formatTicketNumber(year: number, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new Error(`ticket sequence numbers start at 1, got ${n}`);
  return `LP-${year}-${String(n).padStart(6, '0')}`;
}

/** The year and number of a ticket number, or null when it is not one. */
export function parseTicketNumber(value: string): { year: number; n: number } | null {
  const match = /^LP-(\d{4})-(\d{6,9})$/.exec(value);
  if (!match) return null;
  const n = Number(match[2]);
  return n >= 1 ? { year: Number(match[1]), n } : null;
}

/** The Sequence name that hands out one year's numbers. */
export const sequenceName = (year: number) => `ticket-${year}`;
