// `whenIdle` (src/next-task.ts): the browser's idle callback with a deadline, else a fixed wait (Safari has none).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../src/next-task.ts';

describe('whenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the idle callback, which it asks for with the deadline', async () => {
    const asked: Array<{ callback: () => void; timeout: number | undefined }> = [];
    const idle = vi.fn();
    void whenIdle({ timeout: 500 }, { setTimeout, requestIdleCallback: (callback, options) => asked.push({ callback, timeout: options?.timeout }) }).then(idle);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(idle).not.toHaveBeenCalled();
    expect(asked.map((a) => a.timeout)).toEqual([500]);
    asked[0]!.callback();
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toHaveBeenCalledOnce();
  });

  it('without an idle callback, waits `fallbackMs`, or not at all for 0', async () => {
    const later = vi.fn();
    const now = vi.fn();
    void whenIdle({ fallbackMs: 200 }, { setTimeout }).then(later);
    void whenIdle({ fallbackMs: 0 }, { setTimeout }).then(now);
    await vi.advanceTimersByTimeAsync(0);
    expect(now).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(199);
    expect(later).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(later).toHaveBeenCalledOnce();
  });
});
