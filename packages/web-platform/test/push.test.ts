// The tab's push stream (src/push.ts) and the polling fallback (usePushedPolling), with a stand-in EventSource.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdPush, onPush, onPushReopened, resetPushForTests, usePushState, PUSH_CLOSING_SPREAD_MS, PUSH_TOO_MANY_TABS_RETRY_MS } from '../src/push.ts';
import { useSession } from '../src/session.ts';
import { FakeEventSource } from '../src/testing/fake-event-source.ts';

const live = () => usePushState.getState().live;
const signIn = () => useSession.setState({ status: 'authenticated', user: { id: 'u1' } as never });

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  useSession.setState({ status: 'loading', user: null });
  resetPushForTests();
});
afterEach(() => {
  resetPushForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the push stream', () => {
  it('opens one stream per tab, only while signed in and wanted, and hands each message to its listeners', () => {
    const releaseA = holdPush();
    expect(FakeEventSource.all).toHaveLength(0); // not signed in yet
    signIn();
    const releaseB = holdPush();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.last).toMatchObject({ url: '/api/events', init: { withCredentials: true } });
    expect(live()).toBe(false);
    FakeEventSource.last.onopen!();
    expect(live()).toBe(true);

    const progress = vi.fn();
    const payment = vi.fn();
    onPush('progress', progress);
    onPush('payment', payment);
    const message = { type: 'progress', chapters: [], answerIds: ['a'] };
    FakeEventSource.last.emit('progress', message);
    expect(progress).toHaveBeenCalledWith(message);
    expect(payment).not.toHaveBeenCalled();

    releaseA();
    expect(FakeEventSource.last.closed).toBe(false);
    releaseB();
    expect(FakeEventSource.last.closed).toBe(true);
    expect(live()).toBe(false);
  });

  it('stays closed after the session ends (sign-out), and closes when the tab signs out', () => {
    signIn();
    holdPush();
    FakeEventSource.last.onopen!();
    FakeEventSource.last.emit('end', { reason: 'signed-out' });
    expect(live()).toBe(false);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeEventSource.all).toHaveLength(1);

    resetPushForTests();
    signIn();
    holdPush();
    const stream = FakeEventSource.last;
    stream.onopen!();
    useSession.setState({ status: 'unauthenticated', user: null });
    expect(stream.closed).toBe(true);
    expect(live()).toBe(false);
  });

  it('renews the session and reconnects when the token expires; re-reads what may have been missed', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    holdPush();
    const reopened = vi.fn();
    onPushReopened(reopened);
    FakeEventSource.last.onopen!();
    expect(reopened).not.toHaveBeenCalled(); // the first open: the page has just read everything
    FakeEventSource.last.emit('end', { reason: 'expired' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/refresh', expect.objectContaining({ method: 'POST' }));
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.last.onopen!();
    expect(reopened).toHaveBeenCalledTimes(1);
  });

  it('falls back (not live) on an error and reconnects after a growing delay, renewing the session once', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    holdPush();
    FakeEventSource.last.onerror!();
    expect(live()).toBe(false);
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000); // the first wait is 0.5 to 1 s
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.last.onerror!();
    await vi.advanceTimersByTimeAsync(999); // the second wait is 1 to 2 s (jittered), never less
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(FakeEventSource.all).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(1); // a stream that cannot be held does not renew on every retry
    FakeEventSource.last.onopen!();
    expect(live()).toBe(true);
  });

  it('reconnects within a few seconds, at a random moment, when the gateway closes', async () => {
    signIn();
    holdPush();
    FakeEventSource.last.onopen!();
    FakeEventSource.last.emit('end', { reason: 'closing' });
    expect(live()).toBe(false);
    await vi.advanceTimersByTimeAsync(PUSH_CLOSING_SPREAD_MS);
    expect(FakeEventSource.all).toHaveLength(2);
  });

  it('gives way to newer tabs: polls, and asks again only after a long pause', async () => {
    signIn();
    holdPush();
    FakeEventSource.last.onopen!();
    FakeEventSource.last.emit('end', { reason: 'too-many-tabs' });
    expect(live()).toBe(false);
    await vi.advanceTimersByTimeAsync(PUSH_TOO_MANY_TABS_RETRY_MS - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all).toHaveLength(2);
  });
});

describe('usePushedPolling', () => {
  it('polls only while the stream is not live, and applies pushed messages', async () => {
    const { renderHook, act } = await import('@testing-library/react');
    const { createElement } = await import('react');
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { usePushedPolling } = await import('../src/query.tsx');
    const client = new QueryClient();
    const onMessage = vi.fn();
    signIn();
    const { result, unmount } = renderHook(() => usePushedPolling({ queryKey: ['/api/payment-status'], type: 'payment', pollMs: 5000, onMessage }), {
      wrapper: ({ children }) => createElement(QueryClientProvider, { client }, children),
    });
    expect(result.current).toBe(5000);
    act(() => FakeEventSource.last.onopen!());
    expect(result.current).toBe(false);
    const message = { type: 'payment', paymentId: 'p', status: 'captured', provider: 'razorpay', amount: '1.00', currency: 'INR' };
    FakeEventSource.last.emit('payment', message);
    expect(onMessage).toHaveBeenCalledWith(message, client);
    act(() => FakeEventSource.last.onerror!());
    expect(result.current).toBe(5000);
    unmount();
  });
});
