/**
 * `@lp/web-platform/next-task`: leaves the main thread until a later task, so the browser may paint and handle input
 * in between. Each step of loading and mounting a remote (the shell's federation plugin, `@lp/ui/remote`'s mount) is
 * then a task of its own instead of one long task a phone's main thread is blocked by (issue 32: the dashboard's total
 * blocking time). A subpath, not the root module: a guest's first paint does not pay for what it does not use.
 * `scheduler.yield()` where the browser has it (the continuation keeps its place ahead of other work); a message to
 * ourselves elsewhere: a macrotask that, unlike a timer, a background tab does not delay by a second.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

type IdleScope = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
};

/**
 * Resolves once the browser has nothing more urgent to do, at the latest after `timeout` ms. Where there is no
 * `requestIdleCallback` (Safari), after `fallbackMs` (0: at once). `scope`: the window to ask (tests pass their own).
 */
export function whenIdle({ timeout = 2_000, fallbackMs = 200 }: { timeout?: number; fallbackMs?: number } = {}, scope: IdleScope = globalThis): Promise<void> {
  return new Promise((resolve) => {
    if (typeof scope.requestIdleCallback === 'function') scope.requestIdleCallback(() => resolve(), { timeout });
    else if (fallbackMs > 0) scope.setTimeout(resolve, fallbackMs);
    else resolve();
  });
}
