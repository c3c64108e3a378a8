import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';

const unloadApplication = vi.fn().mockResolvedValue(undefined);
vi.mock('single-spa', async (importOriginal) => ({ ...(await importOriginal<object>()), unloadApplication }));

const { likelyRemote, loadRemoteApp, remoteFallbackPlugin, slotFor, yieldingLoadPlugin } = await import('../src/platform/apps.tsx');
const { REMOTE_UNAVAILABLE_MESSAGE } = await import('../src/platform/RemoteUnavailable.tsx');

const props = { name: 'billing', singleSpa: {}, mountParcel: () => {} } as never;

/** Whether a promise has settled yet, read synchronously. */
function settledState(promise: Promise<unknown>): () => 'pending' | 'resolved' | 'rejected' {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(() => (state = 'resolved'), () => (state = 'rejected'));
  return () => state;
}
/** Everything the current task's promise chains do without leaving the task (a chain of 50 steps at most). */
async function drainMicrotasks() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}
/** A few tasks later: a timer's callback runs only once the current task and its microtasks are done. */
const aLaterTask = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  document.body.innerHTML = '<main id="lp-main"></main>';
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  unloadApplication.mockClear();
});

describe('loading a remote', () => {
  it('returns the remote lifecycles when it loads', async () => {
    const lifecycles = { bootstrap: async () => {}, mount: async () => {}, unmount: async () => {} };
    const load = vi.fn().mockResolvedValue(lifecycles);
    await expect(loadRemoteApp('learn', load as never)).resolves.toBe(lifecycles);
    expect(load).toHaveBeenCalledWith('learn/app');
  });

  it('hands the lifecycles to single-spa a task after the module loaded, so its mount is not part of that task', async () => {
    const lifecycles = { bootstrap: async () => {}, mount: async () => {}, unmount: async () => {} };
    const handedOver = settledState(loadRemoteApp('learn', vi.fn().mockResolvedValue(lifecycles) as never));
    await drainMicrotasks();
    expect(handedOver()).toBe('pending');
    await aLaterTask();
    expect(handedOver()).toBe('resolved');
  });

  it('shows the failure message with Retry in the remote slot when it cannot load', async () => {
    const load = vi.fn().mockRejectedValue(new Error('RUNTIME-003: failed to fetch mf-manifest.json'));
    const app = await loadRemoteApp('billing', load as never);
    await act(() => app.bootstrap(props) as Promise<void>);
    await act(() => app.mount(props) as Promise<void>);

    const slot = document.getElementById('lp-app-billing')!;
    expect(slot.parentElement?.id).toBe('lp-main');
    expect(slot.textContent).toContain(REMOTE_UNAVAILABLE_MESSAGE);
    expect(screen.getByRole('alert')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(unloadApplication).toHaveBeenCalledWith('billing');

    await act(() => app.unmount(props) as Promise<void>);
    expect(slot.textContent).toBe('');
  });

  it('treats a module without lifecycles as a failure', async () => {
    const app = await loadRemoteApp('admin', vi.fn().mockResolvedValue({ default: 1 }) as never);
    await act(() => app.mount(props) as Promise<void>);
    expect(slotFor('admin').textContent).toContain(REMOTE_UNAVAILABLE_MESSAGE);
  });
});

describe('federation runtime plugin that yields between the steps of loading a remote', () => {
  const plugin = yieldingLoadPlugin();
  const beforeInitContainer = plugin.beforeInitContainer as (args: object) => Promise<object>;
  const beforeExecuteFactory = plugin.beforeExecuteFactory as (args: object) => Promise<void>;

  it('sets up a remote container (its share scope) a task after its entry script ran, with the options unchanged', async () => {
    const options = { shareScope: {}, initScope: [], remoteEntryInitOptions: {}, remoteInfo: { name: 'learn' } };
    const step = beforeInitContainer(options);
    const state = settledState(step);
    await drainMicrotasks();
    expect(state()).toBe('pending');
    await aLaterTask();
    expect(state()).toBe('resolved');
    await expect(step).resolves.toBe(options);
  });

  it("works out a remote's files to preload a task after its manifest was read", async () => {
    const state = settledState((plugin.beforePreloadRemote as (args: object) => Promise<unknown>)({ preloadOps: [] }));
    await drainMicrotasks();
    expect(state()).toBe('pending');
    await aLaterTask();
    expect(state()).toBe('resolved');
  });

  it("adds a remote's entry script a task after its manifest was read (and its files preloaded), leaving the loading to the runtime", async () => {
    const step = (plugin.loadEntry as (args: object) => Promise<unknown>)({ remoteInfo: { name: 'learn' } });
    const state = settledState(step);
    await drainMicrotasks();
    expect(state()).toBe('pending');
    await aLaterTask();
    expect(state()).toBe('resolved');
    await expect(step).resolves.toBeUndefined();
  });

  it("asks for an exposed module's chunks and shared modules a task after the container's share scope was set up", async () => {
    const state = settledState((plugin.beforeGetExpose as (args: object) => Promise<unknown>)({ id: 'learn/app', expose: './app' }));
    await drainMicrotasks();
    expect(state()).toBe('pending');
    await aLaterTask();
    expect(state()).toBe('resolved');
  });

  it("runs an exposed module's code a task after its chunks arrived", async () => {
    const state = settledState(beforeExecuteFactory({ id: 'learn/app', expose: './app' }));
    await drainMicrotasks();
    expect(state()).toBe('pending');
    await aLaterTask();
    expect(state()).toBe('resolved');
  });
});

describe('federation runtime fallback plugin', () => {
  const plugin = remoteFallbackPlugin();
  const emit = (args: object) => (plugin.errorLoadRemote as (a: object) => unknown)(args);

  it('answers a failed `<name>/app` load with the unavailable lifecycles', () => {
    const fallback = emit({ id: 'challenge/app', error: new Error('x'), lifecycle: 'onLoad', from: 'runtime' }) as Record<string, unknown>;
    expect(typeof fallback.mount).toBe('function');
  });

  it('leaves other failures alone (manifest step, other exposes)', () => {
    expect(emit({ id: '/remotes/challenge/mf-manifest.json', error: new Error('x'), lifecycle: 'afterResolve' })).toBeUndefined();
    expect(emit({ id: 'billing/UpgradeDialog', error: new Error('x'), lifecycle: 'onLoad' })).toBeUndefined();
  });
});

describe('the remote fetched while the user is being checked', () => {
  it('is the remote the path shows whoever signs in: learn on /dashboard, challenge on a link', () => {
    expect(likelyRemote('/dashboard', 'loading')).toBe('learn');
    expect(likelyRemote('/c/abc', 'loading')).toBe('challenge');
    expect(likelyRemote('/quiz/review', 'loading')).toBe('learn');
  });

  it('is none where the answer decides (a signed-in-only page, a shell page), or once the answer is known', () => {
    expect(likelyRemote('/subscribe', 'loading')).toBeNull(); // billing signed in; the landing page signed out
    expect(likelyRemote('/', 'loading')).toBeNull();
    expect(likelyRemote('/privacy-policy', 'loading')).toBeNull();
    expect(likelyRemote('/dashboard', 'authenticated')).toBeNull();
    expect(likelyRemote('/dashboard', 'unauthenticated')).toBeNull();
  });
});
