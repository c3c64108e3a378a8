// /admin-feedback's states: the inbox loading, refused, empty and listed (overdue first, marked), a ticket loading,
// refused and shown, and a reply saved or refused; a lapsed elevation sends the owner to sign in again. The API is
// faked at the fetch boundary.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxTicket } from '@lp/contracts';
import { useToasts } from '@lp/web-platform';
import { App } from '../../src/App.tsx';
import { ADMIN_ACCESS_MS, saveAdminAccess, UNAUTHORIZED_MESSAGE } from '../../src/access/admin-access.ts';
import { AdminFeedbackPage } from '../../src/pages/AdminFeedbackPage.tsx';
import { apiError, fakeApi, heldReply, renderPage, signInAs, toastTexts } from '../support.tsx';

beforeEach(() => {
  localStorage.clear();
  useToasts.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const ticket = (over: Partial<InboxTicket> = {}): InboxTicket => ({
  ticketNumber: 'FB-20260301-0001', category: 'bug', subject: 'Quiz freezes', message: 'After question 3\nevery time', status: 'open',
  createdAt: '2026-03-01T10:00:00.000Z', hasAttachment: false, replies: [], outcome: null, userId: 'aaaaaaaaaaaaaaaaaaaaaaa1',
  learner: { name: 'Ravi Subscriber', email: 'ravi@example.test' }, attachment: null, overdue: false, ...over,
});
const OVERDUE = ticket({ ticketNumber: 'FB-20260228-0009', subject: 'Refund please', category: 'refund', overdue: true, createdAt: '2026-02-28T09:00:00.000Z' });
const NEWER = ticket();

describe('/admin-feedback: the inbox', () => {
  it('says the tickets are loading until the list comes', async () => {
    const held = heldReply();
    fakeApi({ 'GET /api/admin/feedback': held.handler });
    renderPage(<AdminFeedbackPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading tickets...');
    held.answer({ body: { tickets: [], overdue: 0 } });
    await screen.findByText('No tickets match.');
    expect(screen.queryByText('Loading tickets...')).toBeNull();
  });

  it("says the inbox could not be loaded, with the service's message", async () => {
    fakeApi({ 'GET /api/admin/feedback': apiError(503, 'Feedback is unavailable') });
    renderPage(<AdminFeedbackPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('The inbox could not be loaded: Feedback is unavailable');
  });

  it("says no tickets match a filter, and asks the service with the filter's category and status", async () => {
    const calls = fakeApi({ 'GET /api/admin/feedback': (call) => ({ body: call.search.get('status') === 'resolved' ? { tickets: [], overdue: 0 } : { tickets: [NEWER], overdue: 0 } }) });
    renderPage(<AdminFeedbackPage />);
    await screen.findByRole('list', { name: 'Tickets' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'resolved' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'bug' } });
    expect(await screen.findByText('No tickets match.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Tickets' })).toBeNull();
    expect(Object.fromEntries(calls.at(-1)!.search)).toEqual({ category: 'bug', status: 'resolved' });
  });

  it('lists overdue tickets first, marked "Over 24 hours", and says how many waited', async () => {
    fakeApi({ 'GET /api/admin/feedback': { body: { tickets: [OVERDUE, NEWER], overdue: 1 } } });
    renderPage(<AdminFeedbackPage />);
    const list = await screen.findByRole('list', { name: 'Tickets' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-ticket'))).toEqual(['FB-20260228-0009', 'FB-20260301-0001']);
    expect(within(items[0]!).getByText('Over 24 hours')).toBeTruthy();
    expect(within(items[1]!).queryByText('Over 24 hours')).toBeNull();
    expect(within(items[1]!).getByRole('button').textContent).toContain('Ravi Subscriber <ravi@example.test>');
    expect(screen.getByRole('status').textContent).toBe('1 ticket has waited more than 24 hours without a response; they are listed first.');
  });

  it('sends the owner to sign in again when the elevation lapsed on the server (403)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs({});
    saveAdminAccess(null);
    fakeApi({
      'GET /api/admin/session': { body: { elevated: true, expiresAt: new Date(Date.now() + ADMIN_ACCESS_MS).toISOString() } },
      'GET /api/admin/feedback': apiError(403, 'Admin access required'),
    });
    window.history.replaceState(null, '', '/admin-feedback');
    render(<App />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UNAUTHORIZED_MESSAGE));
    await act(async () => { await vi.advanceTimersByTimeAsync(500); });
    expect(window.location.pathname).toBe('/admin-login');
  });
});

describe('/admin-feedback: Logout like the other admin pages (issue 31 §17)', () => {
  it('ends the admin access on the server and goes to /admin-login', async () => {
    signInAs({});
    saveAdminAccess(null);
    const calls = fakeApi({
      'GET /api/admin/session': { body: { elevated: true, expiresAt: new Date(Date.now() + ADMIN_ACCESS_MS).toISOString() } },
      'GET /api/admin/feedback': { body: { tickets: [], overdue: 0 } },
      'POST /api/admin/logout': { status: 204 },
    });
    window.history.replaceState(null, '', '/admin-feedback');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin-login'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/logout')).toBe(true);
  });
});

describe('/admin-feedback: one ticket', () => {
  const openTicket = async (routes: Parameters<typeof fakeApi>[0]) => {
    const calls = fakeApi({ 'GET /api/admin/feedback': { body: { tickets: [NEWER], overdue: 0 } }, ...routes });
    renderPage(<AdminFeedbackPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^FB-20260301-0001.*Quiz freezes/ }));
    return calls;
  };

  it('says it is loading, then shows the message, screenshot, outcome and replies', async () => {
    const held = heldReply();
    await openTicket({ 'GET /api/admin/feedback/FB-20260301-0001': held.handler });
    expect(screen.getByRole('status').textContent).toBe('Loading the ticket...');
    held.answer({
      body: ticket({
        attachment: { filename: 'screen.png', kind: 'png', size: 2048 },
        outcome: { outcome: 'refused', reason: 'Renewals are not refunded', decidedAt: '2026-03-01T12:00:00.000Z' },
        replies: [{ message: 'We are looking into it.', at: '2026-03-01T11:00:00.000Z' }],
      }),
    });
    const card = await screen.findByRole('region', { name: 'Ticket FB-20260301-0001' });
    expect(within(card).getByTestId('ticket-message').textContent).toBe('After question 3\nevery time');
    expect(within(card).getByRole('img', { name: 'Screenshot attached to FB-20260301-0001' }).getAttribute('src')).toBe('/api/admin/feedback/FB-20260301-0001/attachment');
    expect(within(card).getByText('screen.png (2 KB)')).toBeTruthy();
    expect(card.textContent).toContain('Billing: Refund not possible. Renewals are not refunded');
    expect(within(card).getByRole('heading', { name: 'Replies' })).toBeTruthy();
    expect(card.textContent).toContain('We are looking into it.');
    fireEvent.click(within(card).getByRole('button', { name: 'Back to the inbox' }));
    expect(await screen.findByRole('list', { name: 'Tickets' })).toBeTruthy();
  });

  it("says the ticket could not be loaded, with the service's message", async () => {
    await openTicket({ 'GET /api/admin/feedback/FB-20260301-0001': apiError(404, 'Ticket not found') });
    expect((await screen.findByRole('alert')).textContent).toBe('The ticket could not be loaded: Ticket not found');
  });

  it("saves a reply with the chosen status ('Reply sent'), once per click", async () => {
    const calls = await openTicket({
      'GET /api/admin/feedback/FB-20260301-0001': { body: ticket() },
      'POST /api/admin/feedback/FB-20260301-0001/replies': { body: ticket({ status: 'resolved' }) },
    });
    const form = await screen.findByRole('form', { name: 'Reply' });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'resolved' } });
    fireEvent.change(within(form).getByLabelText('Reply to the learner (optional)'), { target: { value: 'Fixed in the latest release.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(toastTexts()).toContain('Reply sent, FB-20260301-0001 is resolved.'));
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ status: 'resolved', reply: 'Fixed in the latest release.' });
    expect((within(form).getByLabelText('Reply to the learner (optional)') as HTMLTextAreaElement).value).toBe('');
  });

  it("says 'Reply failed' with the service's message, keeping what was typed", async () => {
    await openTicket({
      'GET /api/admin/feedback/FB-20260301-0001': { body: ticket() },
      'POST /api/admin/feedback/FB-20260301-0001/replies': apiError(409, 'The ticket changed meanwhile'),
    });
    const form = await screen.findByRole('form', { name: 'Reply' });
    fireEvent.change(within(form).getByLabelText('Reply to the learner (optional)'), { target: { value: 'On it.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(toastTexts().join('\n')).toBe('Reply failed, The ticket changed meanwhile'));
    expect((within(form).getByLabelText('Reply to the learner (optional)') as HTMLTextAreaElement).value).toBe('On it.');
  });
});
