import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api.ts';
import { TOAST_DURATION_MS, toast, useToasts } from '../src/toasts.ts';

const visible = () => useToasts.getState().toasts.filter((t) => t.open);

beforeEach(() => {
  vi.useFakeTimers();
  useToasts.setState({ toasts: [] });
});
afterEach(() => vi.useRealTimers());

describe('toasts (spec §9)', () => {
  it('shows at most one toast: the newest replaces the older', () => {
    toast({ title: 'Challenge Created!' });
    toast({ title: 'Submission failed', variant: 'destructive' });
    expect(visible()).toHaveLength(1);
    expect(visible()[0]).toMatchObject({ title: 'Submission failed', variant: 'destructive' });
  });

  it('defaults to the default variant and 5000 ms', () => {
    toast({ title: 'Hello' });
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(visible()[0]).toMatchObject({ variant: 'default', duration: 5000 });
    vi.advanceTimersByTime(4999);
    expect(visible()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(visible()).toHaveLength(0);
  });

  it('honours a custom duration and manual dismissal', () => {
    const id = toast({ title: 'Long', duration: 10_000 });
    vi.advanceTimersByTime(5000);
    expect(visible()).toHaveLength(1);
    useToasts.getState().dismiss(id);
    expect(visible()).toHaveLength(0);
  });

  it('an old toast timer does not close the newer toast', () => {
    toast({ title: 'first' });
    vi.advanceTimersByTime(3000);
    toast({ title: 'second' });
    vi.advanceTimersByTime(2500);
    expect(visible()[0]?.title).toBe('second');
  });

  it('an error toast keeps the error it reports (the toaster shows a failed call\'s trace id from it, issue 29)', () => {
    const failed = new ApiError(503, { message: 'Questions cannot be loaded right now.' });
    failed.headers = new Headers({ 'x-trace-id': '4bf92f3577b34da6a3ce929d0e0e4736' });
    toast({ variant: 'destructive', title: 'Could not pause the quiz', error: failed });
    expect(visible()[0]!.error).toBe(failed);
  });
});
