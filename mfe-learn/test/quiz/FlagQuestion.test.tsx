import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage, useI18n } from '@lp/web-platform/i18n';
import { FlagQuestion } from '../../src/pages/quiz/FlagQuestion.tsx';
import { FlagNotices } from '../../src/pages/dashboard/FlagNotices.tsx';
import { mockApi, renderPage, signInAs, signOut } from '../support.tsx';

const Q = 'bbbbbbbbbbbbbbbbbbbbbbb1';

describe('FlagQuestion (issue 32 §4)', () => {
  beforeEach(() => signInAs());
  afterEach(() => cleanup());

  it('sends the chosen reason and the note, then thanks the student and lets them change it', async () => {
    const calls = mockApi({ [`POST /api/questions/${Q}/flag`]: { questionId: Q, reason: 'wrong-key', note: 'B is right', flaggedAt: '2026-11-27T10:00:00.000Z' } });
    renderPage(<FlagQuestion questionId={Q} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem with this question' }));
    const send = screen.getByRole('button', { name: 'Send report' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'The key is wrong' }));
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: '  B is right ' } });
    fireEvent.click(send);
    expect((await screen.findByRole('status')).textContent).toContain('Thanks, we have noted it.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reason: 'wrong-key', note: 'B is right' }]);
    expect(screen.getByRole('button', { name: 'Change your report' })).toBeTruthy();
  });

  it('shows the server\'s refusal in place', async () => {
    mockApi({ [`POST /api/questions/${Q}/flag`]: () => ({ status: 409, body: { statusCode: 409, error: 'Conflict', code: 'RETIRED', message: 'This question has been retired; there is nothing to flag.' } }) });
    renderPage(<FlagQuestion questionId={Q} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem with this question' }));
    fireEvent.click(screen.getByRole('radio', { name: 'A typo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This question has been retired; there is nothing to flag.');
  });

  it('offers nothing to a visitor', () => {
    signOut();
    mockApi({});
    renderPage(<FlagQuestion questionId={Q} />);
    expect(screen.queryByRole('button', { name: /Report a problem/ })).toBeNull();
  });
});

describe('FlagNotices', () => {
  beforeEach(() => signInAs());
  afterEach(() => cleanup());

  it('keeps a notice until the student marks it seen on the server', async () => {
    const notice = { id: 'corrected:n1', kind: 'flag-corrected', text: 'You were right about question “X?”: an admin has corrected it.', questionId: Q, createdAt: '2026-11-27T10:00:00.000Z' };
    const calls = mockApi({
      'GET /api/question-flags/notices': { notices: [notice] },
      'POST /api/question-flags/notices/seen': { unseen: 0 },
    });
    renderPage(<FlagNotices />);
    await screen.findByText(/^You were right about question “X\?”/);
    fireEvent.click(screen.getByRole('button', { name: `Got it: ${notice.text}` }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/api/question-flags/notices/seen', { noticeIds: ['corrected:n1'] }]]);
  });

  it('offers “Got it” in Hindi once हिन्दी is the language (issue 33 §1)', async () => {
    const notice = { id: 'n1', kind: 'flag-corrected', text: 'You were right about question “X?”: an admin has corrected it.', questionId: Q, createdAt: '2026-11-27T10:00:00.000Z' };
    mockApi({ 'GET /api/question-flags/notices': { notices: [notice] } });
    await setLanguage('hi');
    try {
      renderPage(<FlagNotices />);
      const button = await screen.findByRole('button', { name: `ठीक है: ${notice.text}` });
      expect(button.textContent).toBe('ठीक है');
    } finally {
      useI18n.setState({ language: 'en' });
    }
  });

  it('lists the student\'s notices', async () => {
    mockApi({ 'GET /api/question-flags/notices': { notices: [{ id: 'n1', kind: 'flag-corrected', text: 'You were right about question “X?”: an admin has corrected it.', questionId: Q, createdAt: '2026-11-27T10:00:00.000Z' }] } });
    renderPage(<FlagNotices />);
    expect(await screen.findByText(/^You were right about question “X\?”/)).toBeTruthy();
  });

  it('shows nothing when there is no notice', async () => {
    const calls = mockApi({ 'GET /api/question-flags/notices': { notices: [] } });
    renderPage(<FlagNotices />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/question-flags/notices')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
  });
});
