// /admin-flags (issue 32 §4): the queue grouped by question with counts, reasons, notes, the key and the PDF source;
// correct / retire / dismiss call svc-content and read the queue again; Logout like the other admin pages.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlaggedQuestion } from '@lp/contracts';
import { App } from '../../src/App.tsx';
import { ADMIN_ACCESS_MS, saveAdminAccess } from '../../src/access/admin-access.ts';
import { AdminQuestionFlagsPage } from '../../src/pages/AdminQuestionFlagsPage.tsx';
import { apiError, fakeApi, renderPage, signInAs } from '../support.tsx';

const Q = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const item = (over: Partial<FlaggedQuestion> = {}): FlaggedQuestion => ({
  questionId: Q, chapterId: 'ccccccccccccccccccccccc1', topicId: 'ddddddddddddddddddddddd1', question: 'Powerhouse of the cell?', type: 'multiple_choice',
  options: ['Nucleus', 'Mitochondria', 'Ribosome'], correctAnswer: 'Nucleus', explanation: 'It makes ATP.', count: 3, hidden: true,
  reasons: { 'wrong-key': 2, typo: 1 }, source: { page: 12, excerpt: 'Mitochondria are the sites of aerobic respiration.' },
  flags: [
    { reason: 'wrong-key', note: 'It is Mitochondria', flaggedAt: '2026-11-27T10:03:00.000Z' },
    { reason: 'typo', note: '', flaggedAt: '2026-11-27T10:02:00.000Z' },
    { reason: 'wrong-key', note: '', flaggedAt: '2026-11-27T10:01:00.000Z' },
  ],
  ...over,
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/admin-flags: the queue', () => {
  it('shows each flagged question with its count, reasons, notes, key and PDF source', async () => {
    fakeApi({ 'GET /api/admin/question-flags': { body: { questions: [item()] } } });
    renderPage(<AdminQuestionFlagsPage />);
    const list = await screen.findByRole('list', { name: 'Flagged questions' });
    const card = within(list).getByRole('listitem', { name: 'Powerhouse of the cell?' });
    expect(within(card).getByText('3 students')).toBeTruthy();
    expect(within(card).getByText('Hidden from new quizzes')).toBeTruthy();
    expect(within(card).getByText('The key is wrong: 2')).toBeTruthy();
    expect(within(card).getByText('A typo: 1')).toBeTruthy();
    expect(within(card).getByText('Nucleus (key)')).toBeTruthy();
    expect(within(card).getByText('From page 12: “Mitochondria are the sites of aerobic respiration.”')).toBeTruthy();
    const notes = within(within(card).getByRole('list', { name: "Students' notes" })).getAllByRole('listitem');
    expect(notes).toHaveLength(3);
    expect(notes[0]!.textContent).toContain('The key is wrong: It is Mitochondria');
  });

  it('says when nothing is flagged, and when the queue could not be loaded', async () => {
    fakeApi({ 'GET /api/admin/question-flags': { body: { questions: [] } } });
    renderPage(<AdminQuestionFlagsPage />);
    expect(await screen.findByText('No flagged questions. Nothing to review.')).toBeTruthy();
    cleanup();
    fakeApi({ 'GET /api/admin/question-flags': apiError(503, 'Content is unavailable') });
    renderPage(<AdminQuestionFlagsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('The flagged questions could not be loaded: Content is unavailable');
  });

  it('corrects the key: sends the edited question and says how many students will be told', async () => {
    let served = [item()];
    const calls = fakeApi({
      'GET /api/admin/question-flags': () => ({ body: { questions: served } }),
      [`POST /api/admin/question-flags/${Q}/correct`]: () => { served = []; return { body: { questionId: Q, action: 'corrected', notified: 3 } }; },
    });
    renderPage(<AdminQuestionFlagsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Correct' }));
    const form = screen.getByRole('form', { name: 'Correct the question' });
    fireEvent.change(within(form).getByLabelText('Correct answer'), { target: { value: 'Mitochondria' } });
    fireEvent.change(within(form).getByLabelText('Explanation'), { target: { value: 'Mitochondria make ATP.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
    expect((await screen.findByRole('status')).textContent).toBe('Corrected. 3 students will be told they were right.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      question: 'Powerhouse of the cell?', options: ['Nucleus', 'Mitochondria', 'Ribosome'], correctAnswer: 'Mitochondria', explanation: 'Mitochondria make ATP.',
    });
    expect(await screen.findByText('No flagged questions. Nothing to review.')).toBeTruthy();
  });

  it.each([
    ['Retire', 'retire', 'retired', 'Retired: the question is out of new quizzes.'],
    ['Dismiss flags', 'dismiss', 'dismissed', 'Flags dismissed: the question is back in new quizzes.'],
  ])('%s calls svc-content and says what happened', async (button, path, action, message) => {
    const calls = fakeApi({
      'GET /api/admin/question-flags': { body: { questions: [item()] } },
      [`POST /api/admin/question-flags/${Q}/${path}`]: { body: { questionId: Q, action, notified: 0 } },
    });
    renderPage(<AdminQuestionFlagsPage />);
    fireEvent.click(await screen.findByRole('button', { name: button }));
    expect((await screen.findByRole('status')).textContent).toBe(message);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/question-flags/${Q}/${path}`]);
  });

  it("shows a refused correction's reason in place", async () => {
    fakeApi({
      'GET /api/admin/question-flags': { body: { questions: [item()] } },
      [`POST /api/admin/question-flags/${Q}/correct`]: apiError(409, 'Another question of this topic already reads exactly like the corrected one.'),
    });
    renderPage(<AdminQuestionFlagsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Correct' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the correction' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Another question of this topic already reads exactly like the corrected one.');
  });
});

describe('/admin-flags: Logout like the other admin pages', () => {
  it('ends the admin access on the server and goes to /admin-login', async () => {
    signInAs({});
    saveAdminAccess(null);
    const calls = fakeApi({
      'GET /api/admin/session': { body: { elevated: true, expiresAt: new Date(Date.now() + ADMIN_ACCESS_MS).toISOString() } },
      'GET /api/admin/question-flags': { body: { questions: [] } },
      'POST /api/admin/logout': { status: 204 },
    });
    window.history.replaceState(null, '', '/admin-flags');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin-login'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/logout')).toBe(true);
  });
});
