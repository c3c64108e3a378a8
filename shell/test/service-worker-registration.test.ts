/**
 * When the offline service worker is registered: not on `load`, which in this app comes before the remote's page and
 * its data, but once the page has settled, so the worker's install (every remote's files fetched and stored) never
 * takes the phone's CPU from the first renders (issue 32 §3).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageSettled } from '../src/platform/page-settled.ts';
import { registerServiceWorker } from '../src/platform/service-worker.ts';

/** A PerformanceObserver whose `resource` entries the test delivers. */
function resourceObservers() {
  const live = new Set<() => void>();
  class FakeObserver {
    static supportedEntryTypes = ['resource', 'longtask'];
    constructor(private readonly callback: () => void) {}
    observe() { live.add(this.callback); }
    disconnect() { live.delete(this.callback); }
  }
  return { PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver, resourceLoaded: () => live.forEach((cb) => cb()), live };
}

function settleWindow(withIdle = true) {
  const observers = resourceObservers();
  const idle: Array<() => void> = [];
  const win = {
    setTimeout: ((fn: () => void, ms: number) => setTimeout(fn, ms)) as unknown as Window['setTimeout'],
    clearTimeout: ((id: number) => clearTimeout(id)) as unknown as Window['clearTimeout'],
    PerformanceObserver: observers.PerformanceObserver,
    ...(withIdle ? { requestIdleCallback: (cb: () => void) => { idle.push(cb); return idle.length; } } : {}),
  };
  return { win, observers, runIdle: () => idle.splice(0).forEach((cb) => cb()), idle };
}

describe('the page settling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a quiet spell with no resource loaded, each load starting it again, then for the main thread to be idle', async () => {
    const { win, observers, runIdle, idle } = settleWindow();
    const settled = vi.fn();
    void pageSettled(win, { quietMs: 2_000, maxMs: 20_000 }).then(settled);

    await vi.advanceTimersByTimeAsync(1_500);
    observers.resourceLoaded(); // the dashboard's answers arriving
    await vi.advanceTimersByTimeAsync(1_500);
    observers.resourceLoaded();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(idle).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toHaveLength(1); // quiet: now the next idle moment
    expect(settled).not.toHaveBeenCalled();
    runIdle();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledOnce();
    expect(observers.live.size).toBe(0); // stops listening once settled
  });

  it('does not wait past the cap for a page that keeps fetching', async () => {
    const { win, observers } = settleWindow(false);
    const settled = vi.fn();
    void pageSettled(win, { quietMs: 2_000, maxMs: 10_000 }).then(settled);
    for (let t = 0; t < 9_500; t += 500) {
      await vi.advanceTimersByTimeAsync(500);
      observers.resourceLoaded();
    }
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('settles after the quiet spell alone where the browser cannot tell of loaded resources', async () => {
    const settled = vi.fn();
    void pageSettled({ setTimeout, clearTimeout } as unknown as Window, { quietMs: 2_000 }).then(settled);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
  });
});

describe('registering the service worker', () => {
  const env = process.env.NODE_ENV;
  beforeEach(() => { process.env.NODE_ENV = 'production'; });
  afterEach(() => { process.env.NODE_ENV = env; });

  function pageWith(readyState: DocumentReadyState) {
    const listeners: Array<() => void> = [];
    const postMessage = vi.fn();
    const workers = { register: vi.fn(async () => ({})), ready: Promise.resolve({ active: { postMessage } }) };
    const win = {
      navigator: { serviceWorker: workers },
      document: { readyState },
      addEventListener: (type: string, fn: () => void) => { if (type === 'load') listeners.push(fn); },
    } as unknown as Window;
    return { win, workers, postMessage, load: () => listeners.splice(0).forEach((fn) => fn()) };
  }

  it('registers only after the page has loaded and then settled, and asks the worker to cache the current remotes', async () => {
    const { win, workers, postMessage, load } = pageWith('loading');
    let settle!: () => void;
    const settled = vi.fn(() => new Promise<void>((resolve) => { settle = resolve; }));
    registerServiceWorker(win, settled);
    expect(settled).not.toHaveBeenCalled();

    load();
    expect(settled).toHaveBeenCalledOnce();
    await Promise.resolve();
    expect(workers.register).not.toHaveBeenCalled(); // loaded, but the page is still rendering its answers

    settle();
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'lp-precache' }));
    expect(workers.register).toHaveBeenCalledWith('/sw.js');
  });

  it('waits for the page to settle even when it has already loaded', async () => {
    const { win, workers } = pageWith('complete');
    let settle!: () => void;
    registerServiceWorker(win, () => new Promise<void>((resolve) => { settle = resolve; }));
    await Promise.resolve();
    expect(workers.register).not.toHaveBeenCalled();
    settle();
    await vi.waitFor(() => expect(workers.register).toHaveBeenCalledOnce());
  });
});
