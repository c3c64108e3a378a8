import { FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_LABELS, FEEDBACK_MESSAGES, BILLING_CATEGORIES } from '@lp/contracts';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, splitChunks } from '../../src/domain/attachment';
import { checkSubmission } from '../../src/domain/submission';
import { formatTicketNumber, parseTicketNumber, ticketYear } from '../../src/domain/ticket-number';
import { inboxOrder, isOverdue, ticketView } from '../../src/domain/ticket-state';

describe('categories', () => {
  it('maps the select labels to the values the service stores (Bug Report = bug, Feature Request = feature)', () => {
    expect(FEEDBACK_CATEGORY_LABELS.bug).toBe('Bug Report');
    expect(FEEDBACK_CATEGORY_LABELS.feature).toBe('Feature Request');
    expect(Object.keys(FEEDBACK_CATEGORY_LABELS).sort()).toEqual([...FEEDBACK_CATEGORIES].sort());
    expect(BILLING_CATEGORIES).toEqual(['cancel-subscription', 'refund']);
  });
});

describe('ticket numbers', () => {
  it('reads LP-<year>-<6 digits>, wider past a million, and parses back', () => {
    expect(formatTicketNumber(2026, 123)).toBe('LP-2026-000123');
    expect(formatTicketNumber(2026, 1)).toBe('LP-2026-000001');
    expect(formatTicketNumber(2026, 1_234_567)).toBe('LP-2026-1234567');
    expect(parseTicketNumber('LP-2026-000123')).toEqual({ year: 2026, n: 123 });
    expect(parseTicketNumber('LP-2026-12')).toBeNull();
    expect(parseTicketNumber('LP-2026-000000')).toBeNull();
    expect(() => formatTicketNumber(2026, 0)).toThrow();
  });
  it('takes the year in India: 31 December 20:00 UTC is already the new year there', () => {
    expect(ticketYear(new Date('2025-12-31T18:29:59.000Z'))).toBe(2025);
    expect(ticketYear(new Date('2025-12-31T18:30:00.000Z'))).toBe(2026);
  });
});

describe('a submission', () => {
  const ok = { category: 'bug', subject: 'Quiz freezes', message: 'After question 3.' };
  it('needs category, subject and message (spec text), trims them and keeps an idempotency id', () => {
    expect(checkSubmission({ ...ok, subject: ' ' })).toEqual({ ok: false, message: FEEDBACK_MESSAGES.missingFields });
    expect(checkSubmission({ subject: 'a', message: 'b' })).toEqual({ ok: false, message: FEEDBACK_MESSAGES.missingFields });
    expect(checkSubmission({ ...ok, subject: '  Quiz freezes ' })).toEqual({ ok: true, value: ok });
    expect(checkSubmission({ ...ok, submissionId: 'nope' })).toMatchObject({ ok: false });
    expect(checkSubmission({ ...ok, subject: 'x'.repeat(201) })).toMatchObject({ ok: false, message: 'The subject can be at most 200 characters.' });
  });
});

describe("a ticket's state and the inbox order", () => {
  const t0 = new Date('2026-01-01T00:00:00.000Z');
  const h = (n: number) => new Date(t0.getTime() + n * 3_600_000);
  it('is open until the desk sets a status; replies are oldest first; the newest outcome shows', () => {
    expect(ticketView([], [])).toEqual({ status: 'open', replies: [], outcome: null, answeredAt: null });
    const view = ticketView(
      [{ status: 'resolved', reply: 'Done', at: h(3) }, { status: 'in-progress', reply: 'Looking', at: h(1) }, { status: 'resolved', reply: null, at: h(4) }],
      [{ outcome: 'refused', reason: 'late', decidedAt: h(2) }, { outcome: 'refunded', reason: 'ok', decidedAt: h(5) }],
    );
    expect(view.status).toBe('resolved');
    expect(view.replies.map((r) => r.message)).toEqual(['Looking', 'Done']);
    expect(view.outcome?.outcome).toBe('refunded');
    expect(view.answeredAt).toEqual(h(1));
  });
  it('is resolved by a refund billing made (issue 31 §1), until the desk sets another status later', () => {
    expect(ticketView([], [{ outcome: 'refunded', reason: 'ok', decidedAt: h(1) }]).status).toBe('resolved');
    expect(ticketView([], [{ outcome: 'refused', reason: 'late', decidedAt: h(1) }]).status).toBe('open');
    expect(ticketView([{ status: 'in-progress', reply: 'Reopened', at: h(2) }], [{ outcome: 'refunded', reason: 'ok', decidedAt: h(1) }]).status).toBe('in-progress');
    expect(ticketView([{ status: 'in-progress', reply: 'Looking', at: h(1) }], [{ outcome: 'refunded', reason: 'ok', decidedAt: h(2) }]).status).toBe('resolved');
  });
  it('calls a ticket overdue past 24 hours without a reply or an outcome, unless resolved', () => {
    expect(isOverdue(t0, { status: 'open', answeredAt: null }, h(24))).toBe(false);
    expect(isOverdue(t0, { status: 'open', answeredAt: null }, h(25))).toBe(true);
    expect(isOverdue(t0, { status: 'in-progress', answeredAt: null }, h(25))).toBe(true);
    expect(isOverdue(t0, { status: 'open', answeredAt: h(30) }, h(40))).toBe(false);
    expect(isOverdue(t0, { status: 'resolved', answeredAt: null }, h(40))).toBe(false);
    const order = inboxOrder([
      { id: 'new', created: h(30), overdue: false }, { id: 'older', created: h(20), overdue: false },
      { id: 'late2', created: h(2), overdue: true }, { id: 'late1', created: h(1), overdue: true },
    ]);
    expect(order.map((t) => t.id)).toEqual(['late1', 'late2', 'new', 'older']);
  });
});

describe('screenshot chunks', () => {
  it('splits a screenshot into 255 KiB chunks that join back to the same bytes', () => {
    const bytes = Buffer.alloc(CHUNK_BYTES * 2 + 10, 1);
    const chunks = splitChunks(bytes);
    expect(chunks.map((c) => c.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 10]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
