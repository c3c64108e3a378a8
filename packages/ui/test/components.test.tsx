import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError, toast, useToasts } from '@lp/web-platform';
import { Badge, Button, Card, Dialog, DialogContent, DialogTrigger, EmptyState, ErrorState, LoadingStatus, PageFrame, Skeleton, Spinner, Toaster } from '../src/index.ts';

afterEach(() => {
  cleanup();
  useToasts.setState({ toasts: [] });
});

describe('Button', () => {
  it('is a type=button with variant and size classes', () => {
    render(<Button variant="destructive" size="sm">Delete</Button>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('lp-button lp-button--destructive lp-button--sm');
  });

  it('renders its child instead with asChild', () => {
    render(
      <Button asChild variant="outline">
        <a href="/dashboard">Dashboard</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Dashboard' });
    expect(link.className).toContain('lp-button--outline');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('page pieces', () => {
  it('PageFrame has one h1, the subtitle, and sets the document title', () => {
    render(<PageFrame title="Feedback" subtitle="Help us improve the product" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback' })).toBeTruthy();
    expect(screen.getByText('Help us improve the product')).toBeTruthy();
    expect(document.title).toBe('Feedback');
  });

  it('Spinner shows and announces its label', () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('LoadingStatus is a busy status named by its label, holding the placeholders hidden from assistive technology', () => {
    render(<LoadingStatus label="Loading chapter files" className="lp-row-list"><Skeleton height="4rem" /><Skeleton height="4rem" /></LoadingStatus>);
    // A status may carry a name; the plain div it replaced may not (axe: aria-prohibited-attr).
    const status = screen.getByRole('status', { name: 'Loading chapter files' });
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.className).toBe('lp-row-list');
    expect(status.querySelectorAll('.lp-skeleton[aria-hidden="true"]')).toHaveLength(2);
  });

  it('ErrorState is an alert with a Retry button', () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Could not load." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('EmptyState, Card and Badge render their content', () => {
    render(
      <Card title="Chapter 1">
        <Badge variant="success">Mastered</Badge>
        <EmptyState title="No Review Needed!" />
      </Card>,
    );
    expect(screen.getByRole('heading', { name: 'Chapter 1' })).toBeTruthy();
    expect(screen.getByText('Mastered').className).toContain('lp-badge--success');
    expect(screen.getByRole('heading', { name: 'No Review Needed!' })).toBeTruthy();
  });
});

describe('Dialog', () => {
  it('opens with a titled dialog', () => {
    render(
      <Dialog>
        <DialogTrigger asChild>
          <Button>Open</Button>
        </DialogTrigger>
        <DialogContent title="Upgrade to Premium" description="Full chapter quizzes." />
      </Dialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Upgrade to Premium' })).toBeTruthy();
  });
});

describe('Toaster', () => {
  it('shows the one toast from the shared store and closes it', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Submission failed', description: 'Please try again later', variant: 'destructive' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Submission failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Submission failed')).toBeNull();
  });

  it("shows a failed call's trace id under an error toast (issue 29: \"Reference: …\")", () => {
    render(<Toaster />);
    const failed = new ApiError(503, { message: 'Please try again later' });
    failed.headers = new Headers({ 'x-trace-id': '4bf92f3577b34da6a3ce929d0e0e4736' });
    act(() => { toast({ title: 'Submission failed', variant: 'destructive', error: failed }); });
    expect(screen.getByText('Reference: 4bf92f3577b34da6a3ce929d0e0e4736')).toBeTruthy();
  });

  it("names its region, its close button and the trace id line in the reader's language (issue 33 §1)", () => {
    render(<Toaster closeLabel="बंद करें" regionLabel="सूचनाएँ ({hotkey})" announceLabel="सूचना" referenceLabel="संदर्भ: {id}" />);
    const failed = new ApiError(503, { message: 'Please try again later' });
    failed.headers = new Headers({ 'x-trace-id': '4bf92f3577b34da6a3ce929d0e0e4736' });
    act(() => { toast({ title: 'सहेजा नहीं जा सका', variant: 'destructive', error: failed }); });
    const region = screen.getByRole('region', { name: 'सूचनाएँ (F8)' });
    expect(within(region).getByText('संदर्भ: 4bf92f3577b34da6a3ce929d0e0e4736')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'बंद करें' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
  });
});

describe('Select (entry point @lp/ui/select)', () => {
  const classes = [{ value: '12', label: 'CBSE Class 12' }, { value: '10', label: 'CBSE Class 10' }];

  it('is labelled, shows the chosen option and reports a new choice', async () => {
    const { Select } = await import('../src/Select.tsx');
    const chosen: string[] = [];
    render(<Select label="Class" value="12" options={classes} onValueChange={(v) => chosen.push(v)} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Class' });
    expect(select.selectedOptions[0]?.textContent).toBe('CBSE Class 12');
    fireEvent.change(select, { target: { value: '10' } });
    expect(chosen).toEqual(['10']);
  });

  it('shows the placeholder, not a real option, until there is a value', async () => {
    const { Select } = await import('../src/Select.tsx');
    render(<Select label="Class" options={classes} placeholder="Loading…" disabled />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Class' });
    expect(select.disabled).toBe(true);
    expect(select.selectedOptions[0]?.textContent).toBe('Loading…');
    expect(select.selectedOptions[0]?.disabled).toBe(true);
  });
});
