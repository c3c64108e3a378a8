// /admin-revision-settings's states: loading, the saved intervals, the defaults (1, 6, 15) when they cannot be read, and a
// save answered (Settings Updated) or refused (spec §8 word for word). The API is faked at the fetch boundary.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '@lp/web-platform';
import { RevisionSettingsPage } from '../../src/pages/RevisionSettingsPage.tsx';
import { apiError, fakeApi, heldReply, renderPage, toastTexts } from '../support.tsx';

beforeEach(() => useToasts.setState({ toasts: [] }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SAVED = { firstRevisionDays: 3, secondRevisionDays: 7, thirdRevisionDays: 30 };
const fieldValues = () => ['First revision (days)', 'Second revision (days)', 'Third revision (days)'].map((l) => (screen.getByLabelText(l) as HTMLInputElement).value);

describe('/admin-revision-settings', () => {
  it('says it is loading until the saved intervals come, then shows them', async () => {
    const held = heldReply();
    fakeApi({ 'GET /api/admin/revision-settings': held.handler });
    renderPage(<RevisionSettingsPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('form', { name: 'Revision settings' })).toBeNull();
    held.answer({ body: SAVED });
    await screen.findByRole('form', { name: 'Revision settings' });
    expect(fieldValues()).toEqual(['3', '7', '30']);
  });

  it('explains that a change reaches schedules already running, with the days the intervals give (issue 31 §17)', async () => {
    fakeApi({ 'GET /api/admin/revision-settings': { body: SAVED } });
    renderPage(<RevisionSettingsPage />);
    await screen.findByRole('form', { name: 'Revision settings' });
    expect(screen.getByText(/Saving applies at once to every learner, including chapters already on a schedule/)).toBeTruthy();
    expect(screen.getByText('With these settings, a chapter quizzed today is revised on day 3, day 10 and day 40.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First revision (days)'), { target: { value: '1' } });
    expect(screen.getByText('With these settings, a chapter quizzed today is revised on day 1, day 8 and day 38.')).toBeTruthy();
  });

  it('offers the growing defaults (1, 6, 15 days) when the saved intervals cannot be read', async () => {
    fakeApi({ 'GET /api/admin/revision-settings': apiError(503, 'Study is unavailable') });
    renderPage(<RevisionSettingsPage />);
    await screen.findByRole('form', { name: 'Revision settings' });
    expect(fieldValues()).toEqual(['1', '6', '15']);
  });

  it('says why the defaults grow (the spacing research) and that saved settings are kept (issue 31 §9)', async () => {
    fakeApi({ 'GET /api/admin/revision-settings': { body: SAVED } });
    renderPage(<RevisionSettingsPage />);
    await screen.findByRole('form', { name: 'Revision settings' });
    const why = screen.getByText(/^Recommended: 1, 6 and 15 days/);
    expect(why.textContent).toContain('reviews at growing intervals keep more, for longer, than equal gaps');
    expect(why.textContent).toContain('a chapter comes back on day 1, 7 and 22');
    expect(why.textContent).toContain('Settings you save are kept as saved.');
    expect(fieldValues()).toEqual(['3', '7', '30']);
  });

  it("saves the three intervals: 'Saving...' meanwhile, then 'Settings Updated'", async () => {
    const held = heldReply();
    const calls = fakeApi({ 'GET /api/admin/revision-settings': { body: SAVED }, 'POST /api/admin/revision-settings': held.handler });
    renderPage(<RevisionSettingsPage />);
    fireEvent.change(await screen.findByLabelText('Second revision (days)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('button', { name: 'Saving...' })).hasAttribute('disabled')).toBe(true);
    held.answer({ body: { ...SAVED, secondRevisionDays: 10 } });
    await waitFor(() => expect(toastTexts()).toEqual(['Settings Updated, The revision intervals have been saved.']));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ firstRevisionDays: 3, secondRevisionDays: 10, thirdRevisionDays: 30 });
    expect(screen.getByRole('button', { name: 'Save Settings' }).hasAttribute('disabled')).toBe(false);
  });

  it("says 'Error, Failed to update revision settings. Please try again.' when the save is refused, keeping the values", async () => {
    fakeApi({ 'GET /api/admin/revision-settings': { body: SAVED }, 'POST /api/admin/revision-settings': apiError(503, 'Study is unavailable') });
    renderPage(<RevisionSettingsPage />);
    fireEvent.change(await screen.findByLabelText('Third revision (days)'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Error, Failed to update revision settings. Please try again.']));
    expect(fieldValues()).toEqual(['3', '7', '45']);
  });
});
