import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@lp/web-platform';
import { AnswerQueue, backoffDelay, retryDelay, type QueueEvent } from '../../src/pages/quiz/answerQueue.ts';
import type { AnswerBody, AnswerResult } from '../../src/pages/quiz/api.ts';
import { MemoryStorage } from './memory-storage.ts';

const USER = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const RESULT: AnswerResult = { isCorrect: true, correctAnswer: 'Mitochondria', explanation: 'Powerhouse.', recorded: true };
const body = (n: number): AnswerBody => ({
  answerId: `00000000-0000-4000-8000-00000000000${n}`,
  questionId: `bbbbbbbbbbbbbbbbbbbbbbb${n}`,
  answer: 'Mitochondria',
  timeSpent: 4,
  sessionId: 'cccccccccccccccccccccccc',
  mode: 'full',
});

const networkDown = () => new TypeError('Failed to fetch');

/** A server that records each answerId once, like svc-study; `failures` calls fail on the network first. */
function flakyServer(failures: number) {
  const recorded = new Map<string, number>();
  let left = failures;
  const send = vi.fn(async (b: AnswerBody): Promise<AnswerResult> => {
    if (left > 0) {
      left--;
      throw networkDown();
    }
    recorded.set(b.answerId, (recorded.get(b.answerId) ?? 0) + 1);
    return RESULT;
  });
  return { send, recorded };
}

let storage: MemoryStorage;
let queues: AnswerQueue[] = [];
const make = (send: (b: AnswerBody) => Promise<AnswerResult>, user: () => string | null | undefined = () => USER, random = () => 0) => {
  const q = new AnswerQueue({ send, currentUserId: user, storage, baseDelayMs: 1000, maxDelayMs: 8000, random });
  queues.push(q);
  return q;
};

beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
});
afterEach(() => {
  for (const q of queues) q.dispose();
  queues = [];
  vi.useRealTimers();
});

describe('answer queue: a flaky network loses nothing', () => {
  it('returns the check at once when the call goes through', async () => {
    const { send } = flakyServer(0);
    const q = make(send);
    await expect(q.submit(body(1), USER)).resolves.toEqual({ status: 'scored', result: RESULT });
    expect(q.pendingCount()).toBe(0);
    expect(q.status()).toBe('saved');
  });

  it('queues a failed call and retries it with the same answerId, backing off exponentially', async () => {
    const { send, recorded } = flakyServer(3);
    const q = make(send);
    const events: QueueEvent[] = [];
    q.onEvent((e) => events.push(e));

    await expect(q.submit(body(1), USER)).resolves.toEqual({ status: 'queued' });
    expect(q.status()).toBe('retrying');
    expect(JSON.parse(storage.getItem('lp.quiz.answerQueue.v1')!)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1); // not before 1 s
    await vi.advanceTimersByTimeAsync(1); // 1st retry at 1 s: fails
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(send).toHaveBeenCalledTimes(2); // 2nd retry waits 2 s
    await vi.advanceTimersByTimeAsync(1); // fails
    await vi.advanceTimersByTimeAsync(4000); // 3rd retry after 4 s: goes through
    expect(send).toHaveBeenCalledTimes(4);

    expect(new Set(send.mock.calls.map(([b]) => b.answerId))).toEqual(new Set([body(1).answerId]));
    expect(recorded.get(body(1).answerId)).toBe(1);
    expect(events).toEqual([{ type: 'scored', answerId: body(1).answerId, result: RESULT }]);
    expect(q.pendingCount()).toBe(0);
    expect(storage.getItem('lp.quiz.answerQueue.v1')).toBeNull();
    expect(q.status()).toBe('saved');

    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(4); // nothing more is sent
  });

  it('never sends an answer twice at once: resubmitting or flushing while queued or in flight adds no call', async () => {
    let release: (r: AnswerResult) => void = () => {};
    const send = vi
      .fn<(b: AnswerBody) => Promise<AnswerResult>>()
      .mockRejectedValueOnce(networkDown())
      .mockImplementationOnce(() => new Promise<AnswerResult>((resolve) => (release = resolve)));
    const q = make(send);
    await q.submit(body(1), USER);
    await q.submit(body(1), USER); // same id again while queued: no call
    expect(send).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1000); // retry starts, and hangs
    expect(send).toHaveBeenCalledTimes(2);
    expect(q.status()).toBe('saving');
    const flushing = q.flush(); // flush and an online event while it is in flight
    window.dispatchEvent(new Event('online'));
    void q.submit(body(1), USER);
    expect(send).toHaveBeenCalledTimes(2);
    release(RESULT);
    await expect(flushing).resolves.toBe(0);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('retries at once when the browser comes back online', async () => {
    const { send } = flakyServer(1);
    const q = make(send);
    const stop = q.listenForOnline(window);
    await q.submit(body(1), USER);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(q.pendingCount()).toBe(0);
    stop();
  });

  it('keeps several answers queued and sends each once', async () => {
    const { send, recorded } = flakyServer(3);
    const q = make(send);
    await Promise.all([q.submit(body(1), USER), q.submit(body(2), USER), q.submit(body(3), USER)]);
    expect(q.pendingCount()).toBe(3);
    await expect(q.flush()).resolves.toBe(0);
    expect([...recorded.values()]).toEqual([1, 1, 1]);
  });

  it('survives a reload: answers saved in localStorage are sent by the next page, same ids', async () => {
    const first = make(flakyServer(5).send);
    await first.submit(body(1), USER);
    first.dispose();

    const { send, recorded } = flakyServer(0);
    make(send); // a new page
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith(body(1));
    expect(recorded.get(body(1).answerId)).toBe(1);
    expect(storage.getItem('lp.quiz.answerQueue.v1')).toBeNull();
  });

  it("sends a learner's saved answers only while that learner is signed in", async () => {
    const first = make(flakyServer(5).send);
    await first.submit(body(1), USER);
    first.dispose();

    let who: string | null | undefined = undefined; // session still loading
    const { send } = flakyServer(0);
    const q = make(send, () => who);
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).not.toHaveBeenCalled();
    who = 'aaaaaaaaaaaaaaaaaaaaaaa2'; // someone else signed in
    await q.flush();
    expect(send).not.toHaveBeenCalled();
    who = USER;
    await q.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('does not retry an answer the server refused (4xx): it reports it as failed', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(404, {"message":"Question not found"});
    });
    const q = make(send);
    const outcome = await q.submit(body(1), USER);
    expect(outcome.status).toBe('failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(q.pendingCount()).toBe(0);
  });

  it('retries server errors and rate limiting', async () => {
    const send = vi
      .fn<(b: AnswerBody) => Promise<AnswerResult>>()
      .mockRejectedValueOnce(new ApiError(503, 'Service Unavailable'))
      .mockRejectedValueOnce(new ApiError(429, 'Too Many Requests'))
      .mockResolvedValue(RESULT);
    const q = make(send);
    await q.submit(body(1), USER);
    await vi.advanceTimersByTimeAsync(3000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(q.pendingCount()).toBe(0);
  });

  it('backs off 1 s, 2 s, 4 s … up to the maximum', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1000, 60_000))).toEqual([1000, 2000, 4000, 8000, 60_000]);
  });
});

describe('answer queue: a busy service (503 + Retry-After)', () => {
  /** What the gateway passes on from a service shedding load (kit admission.ts), read the way the real client reads it. */
  const overloaded = (retryAfter: string) => ApiError.from(new Response(
    JSON.stringify({ statusCode: 503, code: 'OVERLOADED', error: 'Service Unavailable', message: 'The service is busy right now.' }),
    { status: 503, headers: { 'content-type': 'application/json', 'retry-after': retryAfter } },
  ));

  it('waits the Retry-After it was given (not the 1 s backoff), plus the jitter, then sends the answer once, same id; meanwhile the status is "busy"', async () => {
    const recorded: string[] = [];
    let refusals = 1;
    const send = vi.fn(async (b: AnswerBody): Promise<AnswerResult> => {
      if (refusals-- > 0) throw await overloaded('5');
      recorded.push(b.answerId);
      return RESULT;
    });
    // The largest jitter: up to half again of the 5 s.
    const q = make(send, () => USER, () => 0.999);
    const events: QueueEvent[] = [];
    q.onEvent((e) => events.push(e));

    await expect(q.submit(body(1), USER)).resolves.toEqual({ status: 'queued' });
    expect(q.status()).toBe('busy');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(1); // not before the service's 5 s
    await vi.advanceTimersByTimeAsync(2_500);
    expect(send).toHaveBeenCalledTimes(2);
    expect(recorded).toEqual([body(1).answerId]);
    expect(events).toEqual([{ type: 'scored', answerId: body(1).answerId, result: RESULT }]);
    expect(q.pendingCount()).toBe(0);
    expect(q.status()).toBe('saved');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a network failure is "retrying", not "busy"', async () => {
    const q = make(flakyServer(1).send);
    await q.submit(body(1), USER);
    expect(q.status()).toBe('retrying');
  });

  it('spreads the waits: never sooner than Retry-After or the backoff, at most half again', () => {
    expect(retryDelay(1, 5000, 0)).toBe(5000);
    expect(retryDelay(1, 5000, 0.5)).toBe(6250);
    expect(retryDelay(4, 2000, 0, 1000, 60_000)).toBe(8000); // the backoff is longer
    expect(retryDelay(1, null, 0.999, 1000, 60_000)).toBeLessThanOrEqual(1500);
  });
});
