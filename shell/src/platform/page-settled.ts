import { whenIdle } from '@lp/web-platform/next-task';

/**
 * Resolves once the page has settled: no resource (script, style, API answer) has finished loading for `quietMs`,
 * then the main thread is idle. `maxMs` caps the wait for a page that keeps fetching (polling).
 *
 * Why not the `load` event: in this app `load` comes before the remote's page and its data arrive, so work started
 * on `load` ran while the page was still rendering its first answers.
 */
export interface SettleOptions {
  quietMs?: number;
  maxMs?: number;
}

type SettleWindow = Pick<Window, 'setTimeout' | 'clearTimeout'> & {
  PerformanceObserver?: typeof PerformanceObserver;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

export function pageSettled(win: SettleWindow, { quietMs = 2_000, maxMs = 20_000 }: SettleOptions = {}): Promise<void> {
  return new Promise((resolve) => {
    let quiet: number | undefined;
    let observer: PerformanceObserver | undefined;
    const settle = () => {
      observer?.disconnect();
      win.clearTimeout(quiet);
      win.clearTimeout(cap);
      void whenIdle({ timeout: quietMs, fallbackMs: 0 }, win).then(resolve);
    };
    const restartQuiet = () => {
      win.clearTimeout(quiet);
      quiet = win.setTimeout(settle, quietMs);
    };
    const cap = win.setTimeout(settle, maxMs);
    if (win.PerformanceObserver?.supportedEntryTypes?.includes('resource')) {
      observer = new win.PerformanceObserver(restartQuiet);
      observer.observe({ type: 'resource' });
    }
    restartQuiet();
  });
}
