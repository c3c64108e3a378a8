// /admin-upload-old's states past test/admin.test.tsx (only JSON; processed then published): the files processing,
// and the service refusing to process ('Processing failed', every row an error) or to publish ('Upload failed',
// the files kept), with the server's message (spec §8). The API is faked at the fetch boundary.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '@lp/web-platform';
import { AdminUploadOldPage } from '../../src/pages/AdminUploadOldPage.tsx';
import { apiError, fakeApi, heldReply, renderPage, toastTexts } from '../support.tsx';

beforeEach(() => useToasts.setState({ toasts: [] }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const q = { question: 'Q?', type: 'multiple_choice', options: ['a', 'b'], correctAnswer: 'a' };
const PROCESSED = {
  className: 'CBSE Class 12', subjectName: 'Biology', chapterName: 'Evolution', topics: { one: [q, q] }, totalQuestions: 2,
  files: [{ filename: 'one.json', status: 'parsed', questionCount: 2, error: null }],
};
const choose = (...names: string[]) =>
  fireEvent.change(screen.getByLabelText('Choose JSON files'), { target: { files: names.map((n) => new File(['[]'], n)) } });
// `hidden`: the list stays on the page behind the confirmation dialog (which hides the page from the accessibility tree).
const rows = () => within(screen.getByRole('list', { name: 'Files', hidden: true })).getAllByRole('listitem', { hidden: true }).map((li) => li.textContent);

describe('/admin-upload-old', () => {
  it('shows no file list before any file is chosen, then each file processing', async () => {
    const held = heldReply();
    fakeApi({ 'POST /api/admin/process-multiple-files': held.handler });
    renderPage(<AdminUploadOldPage />);
    expect(screen.queryByRole('list', { name: 'Files' })).toBeNull();
    choose('one.json', 'two.json');
    await waitFor(() => expect(rows()).toEqual(['one.json processing ', 'two.json processing ']));
    held.answer({ body: PROCESSED });
    await screen.findByRole('dialog', { name: 'Confirm Upload' });
    expect(rows()).toEqual(['one.json parsed 2 questions']);
  });

  it("says 'Processing failed' with the server's message, and marks every file an error", async () => {
    fakeApi({ 'POST /api/admin/process-multiple-files': apiError(400, 'The files name two chapters') });
    renderPage(<AdminUploadOldPage />);
    choose('one.json', 'two.json');
    await waitFor(() => expect(toastTexts()).toEqual(['Processing failed, Failed to process uploaded files. The files name two chapters']));
    expect(rows()).toEqual(['one.json error The files name two chapters', 'two.json error The files name two chapters']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Upload failed' with the server's message when publishing is refused, keeping the files to try again", async () => {
    fakeApi({
      'POST /api/admin/process-multiple-files': { body: PROCESSED },
      'POST /api/admin/upload-processed-content': apiError(503, 'Content is unavailable'),
    });
    renderPage(<AdminUploadOldPage />);
    choose('one.json');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Upload' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Upload' }));
    await waitFor(() => expect(toastTexts()).toContain('Upload failed, Content is unavailable'));
    expect(rows()).toEqual(['one.json parsed 2 questions']);
    expect(screen.getByRole('button', { name: 'Upload to Database', hidden: true })).toBeTruthy();
  });
});
