import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage, useI18n } from '@lp/web-platform/i18n';
import { App } from '../src/App.tsx';
import { ADMIN_ACCESS_KEY, ADMIN_ACCESS_MS, readAdminAccess, saveAdminAccess, UNAUTHORIZED_MESSAGE } from '../src/access/admin-access.ts';
import { fakeApi, signInAs, toastTexts } from './support.tsx';

const ELEVATED = { 'GET /api/admin/session': { body: { elevated: true, expiresAt: new Date(Date.now() + ADMIN_ACCESS_MS).toISOString() } } };
const open = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(<App />);
};

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the admin access guard', () => {
  it('shows a spinner while checking, then the page for an elevated owner with a live flag', async () => {
    signInAs({});
    saveAdminAccess(null);
    fakeApi(ELEVATED);
    open('/admin-upload');
    expect(screen.getByRole('status').textContent).toContain('Checking admin access');
    expect(await screen.findByRole('heading', { level: 1, name: 'Content Upload' }, { timeout: 10_000 })).toBeTruthy();
  });

  it.each([
    ['a visitor', null, true, true],
    ['a learner', { role: 'learner' as const }, true, true],
    ['an owner without the flag', {}, false, true],
    ['an owner whose elevation the server no longer has', {}, true, false],
  ])('sends %s to /admin-login after 500 ms with the spec message', async (_who, user, flag, elevated) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(user);
    if (flag) saveAdminAccess(null);
    fakeApi({ 'GET /api/admin/session': { body: { elevated, expiresAt: null } } });
    open('/admin-revision-settings');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UNAUTHORIZED_MESSAGE));
    expect(window.location.pathname).toBe('/admin-revision-settings');
    await act(async () => { await vi.advanceTimersByTimeAsync(500); });
    expect(window.location.pathname).toBe('/admin-login');
    expect(localStorage.getItem(ADMIN_ACCESS_KEY)).toBeNull();
  });

  it('lapses after one hour while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs({});
    saveAdminAccess(null);
    fakeApi(ELEVATED);
    open('/admin-upload');
    await screen.findByRole('heading', { level: 1, name: 'Content Upload' });
    await act(async () => { await vi.advanceTimersByTimeAsync(ADMIN_ACCESS_MS); });
    expect(screen.getByRole('alert').textContent).toBe(UNAUTHORIZED_MESSAGE);
    await act(async () => { await vi.advanceTimersByTimeAsync(500); });
    expect(window.location.pathname).toBe('/admin-login');
  });

  it('keeps the flag when the check could not reach the server (offline, or a reload aborting it)', async () => {
    signInAs({});
    saveAdminAccess(null);
    let online = false;
    vi.stubGlobal('fetch', vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(ELEVATED['GET /api/admin/session'].body), { status: 200 });
    }));
    open('/admin-upload');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not check admin access');
    expect(readAdminAccess()).not.toBeNull();
    expect(window.location.pathname).toBe('/admin-upload');
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Content Upload' })).toBeTruthy();
  });

  it('never outlives the server elevation', () => {
    const now = Date.now();
    const access = saveAdminAccess(new Date(now + 60_000).toISOString(), now);
    expect(access.expiresAt).toBe(now + 60_000);
    expect(readAdminAccess(now + 60_001)).toBeNull();
    expect(saveAdminAccess(new Date(now + 5 * ADMIN_ACCESS_MS).toISOString(), now).expiresAt).toBe(now + ADMIN_ACCESS_MS);
  });
});

describe('admin login', () => {
  it('needs a password, and stores the flag when the server grants access', async () => {
    signInAs({});
    const calls = fakeApi({ 'POST /api/admin/verify-password': { body: { elevated: true, expiresAt: new Date(Date.now() + ADMIN_ACCESS_MS).toISOString() } }, ...ELEVATED });
    open('/admin-login');
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    expect(screen.getByRole('alert').textContent).toBe('Admin password required');
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: 'admin-demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin-upload'));
    expect(toastTexts()).toEqual(['Access Granted, Welcome to admin panel']);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/admin/verify-password', body: { password: 'admin-demo' } });
    expect(readAdminAccess()).not.toBeNull();
  });

  it.each([
    [403, { code: 'WRONG_ADMIN_PASSWORD', message: 'Access Denied, Incorrect password' }, 'Access Denied, Incorrect password'],
    [500, { message: 'boom' }, 'Error, Failed to verify password'],
  ])('answer %s shows "%s"', async (status, body, shown) => {
    signInAs({});
    fakeApi({ 'POST /api/admin/verify-password': { status, body } });
    open('/admin-login');
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    await waitFor(() => expect(toastTexts()).toEqual([shown]));
    expect(readAdminAccess()).toBeNull();
  });
});

describe('upload methods', () => {
  beforeEach(() => {
    signInAs({});
    saveAdminAccess(null);
  });

  it('raw JSON: the process button waits for text; bad JSON gets the spec message before any call', async () => {
    const calls = fakeApi(ELEVATED);
    open('/admin-upload');
    fireEvent.click(await screen.findByRole('button', { name: 'Use Raw JSON' }));
    const process = screen.getByRole('button', { name: 'Process JSON' }) as HTMLButtonElement;
    expect(process.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('JSON content'), { target: { value: '{"a":' } });
    fireEvent.click(process);
    expect(toastTexts()).toEqual(['Invalid JSON: Please check your JSON syntax and try again']);
    expect(calls.filter((c) => c.path !== '/api/admin/session')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Upload to Database' })).toBeNull();
  });

  it('guided form: every field is needed', async () => {
    fakeApi(ELEVATED);
    open('/admin-upload');
    fireEvent.click(await screen.findByRole('button', { name: 'Use Guided Form' }));
    fireEvent.click(screen.getByRole('button', { name: 'Process Form' }));
    expect(toastTexts()).toEqual(['Form Incomplete: Please fill in all fields']);
  });

  it('PDF: fields and a PDF are needed, and a non-PDF is refused', async () => {
    fakeApi(ELEVATED);
    open('/admin-upload');
    fireEvent.click(await screen.findByRole('button', { name: 'Use PDF to MCQ' }));
    expect((screen.getByLabelText('Number of questions') as HTMLSelectElement).value).toBe('10');
    expect((screen.getByLabelText('Difficulty') as HTMLSelectElement).value).toBe('medium');
    expect((screen.getByLabelText('AI model (admin only)') as HTMLSelectElement).value).toBe('openai');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Questions' }));
    expect(toastTexts()).toEqual(['Please fill in all fields and upload a PDF file']);
    fireEvent.change(screen.getByLabelText('PDF file (at most 10 MB)'), { target: { files: [new File(['x'], 'notes.png', { type: 'image/png' })] } });
    expect(toastTexts()).toEqual(['Invalid File: Please select a PDF file']);
  });

  it('JSON file: none chosen, a wrong extension', async () => {
    fakeApi(ELEVATED);
    open('/admin-upload');
    fireEvent.click(await screen.findByRole('button', { name: 'Use JSON File' }));
    fireEvent.click(screen.getByRole('button', { name: 'Process File' }));
    expect(toastTexts()).toEqual(['No File Selected, Please select a JSON file to upload']);
    fireEvent.change(screen.getByLabelText('JSON file'), { target: { files: [new File(['{}'], 'questions.txt')] } });
    expect(toastTexts()).toEqual(['Invalid File, Please select a JSON file (.json extension required)']);
  });

  it('bulk upload: only JSON files', async () => {
    fakeApi(ELEVATED);
    open('/admin-upload-old');
    await screen.findByRole('heading', { level: 1, name: 'Bulk JSON Upload' });
    fireEvent.change(screen.getByLabelText('Choose JSON files'), { target: { files: [new File(['[]'], 'a.json'), new File(['x'], 'b.csv')] } });
    await waitFor(() => expect(toastTexts()).toEqual(['Invalid files, Please upload only JSON files.']));
  });

  it('bulk upload: processing starts on choosing, a confirmation dialog publishes, then all is cleared', async () => {
    const q = { question: 'Q?', type: 'multiple_choice', options: ['a', 'b'], correctAnswer: 'a' };
    const result = {
      className: 'CBSE Class 12', subjectName: 'Biology', chapterName: 'Evolution', topics: { one: [q, q], two: [q] }, totalQuestions: 3,
      files: [{ filename: 'one.json', status: 'parsed', questionCount: 2, error: null }, { filename: 'two.json', status: 'parsed', questionCount: 1, error: null }, { filename: 'bad.json', status: 'error', questionCount: 0, error: 'Invalid JSON: Unexpected end' }],
    };
    const calls = fakeApi({
      ...ELEVATED,
      'POST /api/admin/process-multiple-files': { body: result },
      'POST /api/admin/upload-processed-content': { body: { className: 'CBSE Class 12', chapters: [], questionCount: 3, rejected: [] } },
    });
    open('/admin-upload-old');
    await screen.findByRole('heading', { level: 1, name: 'Bulk JSON Upload' });
    fireEvent.change(screen.getByLabelText('Choose JSON files'), { target: { files: [new File(['[]'], 'one.json'), new File(['[]'], 'two.json'), new File(['['], 'bad.json')] } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Upload' });
    expect(toastTexts()).toEqual(['Files processed successfully, Found 3 questions across 2 topics']);
    expect(document.querySelector('ul[aria-label="Files"]')?.textContent).toContain('bad.json error Invalid JSON: Unexpected end');
    expect(calls.find((c) => c.path === '/api/admin/process-multiple-files')?.body).toEqual({ files: [{ filename: 'one.json', content: '[]' }, { filename: 'two.json', content: '[]' }, { filename: 'bad.json', content: '[' }] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Upload' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Upload successful, Content has been uploaded to the database']));
    expect(calls.find((c) => c.path === '/api/admin/upload-processed-content')?.body).toEqual({ className: 'CBSE Class 12', subjectName: 'Biology', chapterName: 'Evolution', topics: result.topics });
    expect(document.querySelector('ul[aria-label="Files"]')).toBeNull();
  });

  it('revision settings: each interval at least 1', async () => {
    fakeApi({ ...ELEVATED, 'GET /api/admin/revision-settings': { body: { firstRevisionDays: 50, secondRevisionDays: 50, thirdRevisionDays: 50 } } });
    open('/admin-revision-settings');
    const first = await screen.findByLabelText('First revision (days)');
    expect((first as HTMLInputElement).value).toBe('50');
    fireEvent.change(first, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(toastTexts()).toEqual(['Invalid Input, All revision days must be greater than 0']);
  });
});

describe('the admin pages in Hindi (issue 33 §1)', () => {
  afterEach(() => useI18n.setState({ language: 'en' }));

  it('the upload page and its methods read in Hindi for an elevated owner', async () => {
    signInAs({});
    saveAdminAccess(null);
    fakeApi(ELEVATED);
    await setLanguage('hi');
    open('/admin-upload');
    expect(await screen.findByRole('heading', { level: 1, name: 'सामग्री अपलोड' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('प्रश्न जोड़ने का तरीका चुनें।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'निर्देशित फ़ॉर्म इस्तेमाल करें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'लॉगआउट' })).toBeTruthy();
  });
});
