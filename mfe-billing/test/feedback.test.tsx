import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useToasts } from '@lp/web-platform';
import { App } from '../src/App.tsx';
import { checkAttachment } from '../src/feedback/attachment-check.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  useToasts.setState({ toasts: [] });
  window.history.replaceState(null, '', '/');
});

/** The page is a lazy chunk: wait until its form is there. */
const open = async () => {
  window.history.replaceState(null, '', '/feedback');
  render(<App />);
  await screen.findByLabelText('Category');
};
const lastToast = () => useToasts.getState().toasts[0];

describe('the feedback form', () => {
  it('counts subject and message characters as the learner types, with 6 visible rows', async () => {
    await open();
    expect(screen.getByText('0/200')).toBeTruthy();
    expect(screen.getByText('0/2000')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Quiz freezes' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'After question 3' } });
    expect(screen.getByText('12/200')).toBeTruthy();
    expect(screen.getByText('16/2000')).toBeTruthy();
    expect(screen.getByLabelText('Message').getAttribute('rows')).toBe('6');
    expect(screen.getByLabelText('Subject').getAttribute('maxlength')).toBe('200');
  });

  it('offers Bug Report and Feature Request, and explains the policy and asks for a reason on cancellation and refund', async () => {
    await open();
    const select = screen.getByLabelText('Category') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text]).slice(0, 2)).toEqual([['bug', 'Bug Report'], ['feature', 'Feature Request']]);
    expect(screen.queryByRole('note', { name: 'Refund and cancellation policy' })).toBeNull();
    fireEvent.change(select, { target: { value: 'cancel-subscription' } });
    expect(screen.getByRole('note', { name: 'Refund and cancellation policy' }).textContent).toMatch(/within 7 days .* first-time subscriptions only/);
    expect(screen.getByLabelText('Reason')).toBeTruthy();
  });

  it('says a cancellation is a refund of the current year and that sending the form refunds nothing (issue 31 §1)', async () => {
    await open();
    const select = screen.getByLabelText('Category') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'cancel-subscription' } });
    const note = screen.getByRole('note', { name: 'Refund and cancellation policy' });
    expect(note.textContent).toContain('cancelling means a refund of the current year');
    expect(note.textContent).toContain('Nothing is refunded when you send this.');
    expect(within(note).getByRole('link', { name: 'My plan and payments' }).getAttribute('href')).toBe('/my-plan');
    fireEvent.change(select, { target: { value: 'refund' } });
    expect(screen.getByRole('note', { name: 'Refund and cancellation policy' }).textContent).not.toContain('current year');
  });

  it("says 'Missing fields, Please fill in all required fields' and sends nothing when subject or message is blank", async () => {
    await open();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(lastToast()).toMatchObject({ title: 'Missing fields', description: 'Please fill in all required fields', variant: 'destructive' });
    expect(screen.getByRole('button', { name: 'Submit Feedback' })).toBeTruthy();
  });

  it('refuses a file that is not PNG or JPG, or larger than 5MB, before upload; shows a chosen file with a check mark', async () => {
    await open();
    const fileInput = screen.getByLabelText('Screenshot (optional)');
    fireEvent.change(fileInput, { target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] } });
    expect(lastToast()).toMatchObject({ title: 'Invalid file type', description: 'Only PNG and JPG images are allowed' });
    fireEvent.change(fileInput, { target: { files: [new File([new Uint8Array(10)], 'screen.png', { type: 'image/png' })] } });
    expect(screen.getByTestId('feedback-attachment-name').textContent).toBe('✓ screen.png attached');
  });

  it('goes back to editing with every field kept when the submission fails', async () => {
    await open();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'refund' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Refund please' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Bought twice' } });
    // No server behind this page here: the call fails as it would offline.
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Submission failed', description: 'Failed to submit feedback.', variant: 'destructive' }));
    expect(screen.getByRole('button', { name: 'Submit Feedback' }).hasAttribute('disabled')).toBe(false);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('refund');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Refund please');
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Bought twice');
  });
});

describe('a refused submission', () => {
  it("shows the service's message from the one error shape, not its HTTP status text", async () => {
    const refusal = { statusCode: 429, error: 'Too Many Requests', message: 'You have sent a lot of feedback in a short time. Please try again in 5 minutes.', code: 'RATE_LIMITED' };
    // The learner's ticket list answers; the submission is refused.
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify(refusal), { status: 429, headers: { 'Content-Type': 'application/json' } })
        : new Response('{"tickets":[]}', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    await open();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Quiz freezes' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'After question 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(useToasts.getState().toasts).toContainEqual(expect.objectContaining({ title: 'Submission failed', description: refusal.message, variant: 'destructive' })));
  });
});

describe('checkAttachment', () => {
  it('takes png, jpg and jpeg up to 5242880 bytes', async () => {
    expect(checkAttachment({ name: 'a.PNG', type: 'image/png', size: 5_242_880 })).toBeNull();
    expect(checkAttachment({ name: 'a.jpeg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkAttachment({ name: 'a.jpg', type: 'image/jpeg', size: 5_242_881 })).toEqual({ title: 'File too large', description: 'Please upload files smaller than 5MB' });
    expect(checkAttachment({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual({ title: 'Invalid file type', description: 'Only PNG and JPG images are allowed' });
  });
});
