// /feedback's states beyond the form's own (test/feedback.test.tsx): the learner's tickets loading, refused (then
// Try again), none yet, and listed with the desk's replies and billing's outcome; a sent form turning into the
// thank-you card (spec §4, §8 word for word) and the list read again. The API is faked at the fetch boundary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LearnerTicket } from '@lp/contracts';
import { useToasts } from '@lp/web-platform';
import { apiError, fakeApi, heldReply, renderPage } from '@lp/web-platform/testing';
import { FeedbackPage } from '../../src/pages/FeedbackPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

const ticket = (over: Partial<LearnerTicket> = {}): LearnerTicket => ({
  ticketNumber: 'FB-20260301-0001', category: 'refund', subject: 'Refund please', message: 'Bought twice', status: 'in-progress',
  createdAt: '2026-03-01T10:00:00.000Z', hasAttachment: false, replies: [], outcome: null, ...over,
});
// The card under the heading "Your tickets" (a Card is not a named region; its heading names what it holds).
const ticketsCard = () => screen.getByRole('heading', { name: 'Your tickets' }).closest('section') as HTMLElement;

describe("/feedback: the learner's tickets", () => {
  it('says they are loading until the list comes', async () => {
    const held = heldReply();
    fakeApi({ 'GET /api/feedback/mine': held.handler });
    renderPage(<FeedbackPage />);
    expect(within(ticketsCard()).getByRole('status').textContent).toBe('Loading your tickets...');
    held.answer({ body: { tickets: [] } });
    await within(ticketsCard()).findByText('You have not sent any feedback yet.');
    expect(within(ticketsCard()).queryByRole('status')).toBeNull();
  });

  it('says they could not be loaded when the service refuses, and Try again loads them', async () => {
    let fail = true;
    fakeApi({ 'GET /api/feedback/mine': () => (fail ? apiError(503, 'Feedback is unavailable') : { body: { tickets: [ticket()] } }) });
    renderPage(<FeedbackPage />);
    const alert = await within(ticketsCard()).findByRole('alert');
    expect(alert.textContent).toBe('Your tickets could not be loaded. Try again');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(ticketsCard()).findByRole('list', { name: 'Your tickets' });
    expect(within(ticketsCard()).queryByRole('alert')).toBeNull();
  });

  it('says none were sent yet', async () => {
    fakeApi({ 'GET /api/feedback/mine': { body: { tickets: [] } } });
    renderPage(<FeedbackPage />);
    expect(await within(ticketsCard()).findByText('You have not sent any feedback yet.')).toBeTruthy();
    expect(within(ticketsCard()).queryByRole('list')).toBeNull();
  });

  it("lists each ticket with its number, status, category, subject, billing's outcome and the desk's replies", async () => {
    fakeApi({
      'GET /api/feedback/mine': {
        body: {
          tickets: [
            ticket({ status: 'resolved', outcome: { outcome: 'refunded', reason: 'First-time subscription, within 7 days', decidedAt: '2026-03-01T12:00:00.000Z' }, replies: [{ message: 'Your refund is on its way.', at: '2026-03-01T12:30:00.000Z' }] }),
            ticket({ ticketNumber: 'FB-20260302-0002', category: 'bug', subject: 'Quiz freezes', status: 'open' }),
          ],
        },
      },
    });
    renderPage(<FeedbackPage />);
    const list = await within(ticketsCard()).findByRole('list', { name: 'Your tickets' });
    const [refund, bug] = within(list).getAllByRole('listitem');
    expect(refund!.getAttribute('data-ticket')).toBe('FB-20260301-0001');
    expect(within(refund!).getByText('Resolved')).toBeTruthy();
    expect(within(refund!).getByText('Refund please')).toBeTruthy();
    expect(within(refund!).getByTestId('ticket-outcome').textContent).toBe('Refunded: First-time subscription, within 7 days');
    expect(within(refund!).getByTestId('ticket-reply').textContent).toMatch(/^Reply from support, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)Your refund is on its way\.$/);
    expect(within(bug!).getByText('Open')).toBeTruthy();
    expect(within(bug!).getByText('Bug Report')).toBeTruthy();
    expect(within(bug!).queryByTestId('ticket-outcome')).toBeNull();
    expect(within(bug!).queryByTestId('ticket-reply')).toBeNull();
  });
});

describe('/feedback: a sent form', () => {
  it("says 'Submitting...' while it is sent, then shows the thank-you card with the ticket number and reads the list again", async () => {
    const held = heldReply();
    let listed: LearnerTicket[] = [];
    const calls = fakeApi({
      'GET /api/feedback/mine': () => ({ body: { tickets: listed } }),
      'POST /api/feedback': held.handler,
    });
    renderPage(<FeedbackPage />);
    await screen.findByText('You have not sent any feedback yet.');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Quiz freezes' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'After question 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(screen.getByRole('button', { name: 'Submitting...' }).hasAttribute('disabled')).toBe(true);

    listed = [ticket({ ticketNumber: 'FB-20260303-0003', category: 'bug', subject: 'Quiz freezes', status: 'open' })];
    held.answer({ status: 201, body: { ticketNumber: 'FB-20260303-0003' } });
    const card = await screen.findByRole('region', { name: 'Feedback received' });
    expect(within(card).getByText('Thank you for sharing your valuable feedback, we respect your time and effort to improve the application.')).toBeTruthy();
    expect(within(card).getByText('Your ticket number is:')).toBeTruthy();
    expect(within(card).getByTestId('ticket-number').textContent).toBe('FB-20260303-0003');
    expect(within(card).getByText("We'll review your feedback and get back to you if needed.")).toBeTruthy();
    expect(useToasts.getState().toasts).toContainEqual(expect.objectContaining({ title: 'Feedback submitted!', description: 'Your ticket number is FB-20260303-0003' }));
    await waitFor(() => expect(within(ticketsCard()).getByRole('listitem').getAttribute('data-ticket')).toBe('FB-20260303-0003'));
    expect(calls.filter((c) => c.method === 'GET').length).toBe(2);

    fireEvent.click(within(card).getByRole('button', { name: 'Send more feedback' }));
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('after a refund request: nothing refunded yet, and the way to review and confirm it on My plan, for this ticket', async () => {
    fakeApi({
      'GET /api/feedback/mine': { body: { tickets: [] } },
      'POST /api/feedback': { status: 201, body: { ticketNumber: 'LP-2026-000123' } },
    });
    renderPage(<FeedbackPage />);
    await screen.findByText('You have not sent any feedback yet.');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'refund' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Refund please' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Bought by mistake' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    const card = await screen.findByRole('region', { name: 'Feedback received' });
    expect(card.textContent).toContain('Nothing has been refunded yet.');
    expect(within(card).getByRole('link', { name: 'Review and confirm your refund' }).getAttribute('href')).toBe('/my-plan?ticket=LP-2026-000123');
  });

  it('a refund ticket with no outcome yet links to confirming it; once refunded it does not', async () => {
    fakeApi({
      'GET /api/feedback/mine': { body: { tickets: [
        ticket({ ticketNumber: 'LP-2026-000124', status: 'open' }),
        ticket({ ticketNumber: 'LP-2026-000125', status: 'resolved', outcome: { outcome: 'refunded', reason: 'ok', decidedAt: '2026-03-01T12:00:00.000Z' } }),
      ] } },
    });
    renderPage(<FeedbackPage />);
    const [waiting, refunded] = within(await screen.findByRole('list', { name: 'Your tickets' })).getAllByRole('listitem');
    expect(within(waiting!).getByRole('link', { name: 'review and confirm your refund' }).getAttribute('href')).toBe('/my-plan?ticket=LP-2026-000124');
    expect(within(refunded!).queryByRole('link')).toBeNull();
  });
});
