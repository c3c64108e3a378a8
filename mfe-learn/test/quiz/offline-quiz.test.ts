// A quiz taken with no connection (issue 33 §2): its start and its answers wait on the device and reach the server
// once each when the connection returns, in order (the session before its answers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@lp/web-platform';
import { setLanguage, useI18n } from '@lp/web-platform/i18n';
import { AnswerQueue, isRetryable, waitingText } from '../../src/pages/quiz/answerQueue.ts';
import type { AnswerBody, AnswerResult } from '../../src/pages/quiz/api.ts';
import { PendingStarts, newSessionId, sessionStarter, type StartBody } from '../../src/offline/pending-starts.ts';
import { MemoryStorage } from './memory-storage.ts';

const USER = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const CHAPTER = 'dddddddddddddddddddddddd';

/** svc-study as the runner sees it: one session per id, one record per answer id, unknown sessions 404. */
function server() {
  let online = false;
  const sessions = new Map<string, StartBody>();
  const answers = new Map<string, AnswerBody>();
  const starts = vi.fn(async (body: StartBody) => {
    if (!online) throw new TypeError('Failed to fetch');
    if (!sessions.has(body.sessionId)) sessions.set(body.sessionId, body);
    return { id: body.sessionId };
  });
  const submit = vi.fn(async (body: AnswerBody): Promise<AnswerResult> => {
    if (!online) throw new TypeError('Failed to fetch');
    if (body.sessionId && !sessions.has(body.sessionId)) throw new ApiError(404, { message: 'Quiz session not found', code: 'NOT_FOUND' });
    if (!answers.has(body.answerId)) answers.set(body.answerId, body);
    return { isCorrect: body.answer === 'right', correctAnswer: 'right', explanation: '', recorded: true };
  });
  return { sessions, answers, starts, submit, setOnline: (value: boolean) => { online = value; } };
}

let storage: MemoryStorage;
const disposers: Array<() => void> = [];
beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  vi.useRealTimers();
});

/** One tab: its pending starts (shared storage), its starter and its answer queue. */
function tab(api: ReturnType<typeof server>) {
  const pending = new PendingStarts(storage);
  const ensureStarted = sessionStarter(pending, api.starts, isRetryable);
  const queue = new AnswerQueue({
    send: async (body) => {
      if (body.sessionId) await ensureStarted(body.sessionId);
      return api.submit(body);
    },
    currentUserId: () => USER,
    storage,
    random: () => 0,
  });
  disposers.push(() => queue.dispose());
  return { pending, queue, ensureStarted };
}

const answer = (n: number, sessionId: string, given = 'right'): AnswerBody => ({
  answerId: `00000000-0000-4000-8000-00000000000${n}`,
  questionId: `bbbbbbbbbbbbbbbbbbbbbbb${n}`,
  answer: given,
  timeSpent: 5,
  sessionId,
  mode: 'full',
});

describe('a quiz started offline', () => {
  it('makes a session id like the server’s, unique per quiz', () => {
    const id = newSessionId(Date.UTC(2026, 10, 27, 14, 32));
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(id.slice(0, 8)).toBe(Math.floor(Date.UTC(2026, 10, 27, 14, 32) / 1000).toString(16));
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it('sends its start, then each queued answer once, when the connection returns; a second tab sends nothing again', async () => {
    const api = server();
    const first = tab(api);
    const sessionId = newSessionId();
    first.pending.add({ userId: USER, body: { mode: 'full', chapterId: CHAPTER, questionsCount: 3, sessionId } });

    const outcomes = [];
    for (const [n, given] of [[1, 'right'], [2, 'wrong'], [3, 'right']] as const) outcomes.push(await first.queue.submit(answer(n, sessionId, given), USER));
    expect(outcomes.map((o) => o.status)).toEqual(['queued', 'queued', 'queued']);
    expect(waitingText(first.queue.pendingCount(USER), first.queue.lastSentAt(), () => '')).toBe('3 answers waiting to be sent');
    expect(api.sessions.size).toBe(0);

    // The page was reloaded meanwhile: another queue reads the same storage.
    const second = tab(api);
    api.starts.mockClear();
    api.setOnline(true);
    vi.setSystemTime(Date.UTC(2026, 10, 27, 9, 2));
    await Promise.all([first.queue.flush(), second.queue.flush()]);

    expect([...api.sessions.keys()]).toEqual([sessionId]);
    expect([...api.answers.values()].map((a) => [a.questionId, a.answer])).toEqual([
      ['bbbbbbbbbbbbbbbbbbbbbbb1', 'right'], ['bbbbbbbbbbbbbbbbbbbbbbb2', 'wrong'], ['bbbbbbbbbbbbbbbbbbbbbbb3', 'right'],
    ]);
    expect(first.pending.get(sessionId)).toBeNull();
    expect(first.queue.pendingCount(USER)).toBe(0);
    expect(waitingText(first.queue.pendingCount(USER), first.queue.lastSentAt(), (at) => new Date(at).toISOString().slice(11, 16))).toBe('Sent at 09:02');
    // Each tab sent the start at most once; later answers of that quiz go straight through.
    const startsSent = api.starts.mock.calls.length;
    expect(startsSent).toBeLessThanOrEqual(2);
    await first.queue.submit(answer(4, sessionId), USER);
    expect(api.starts.mock.calls.length).toBe(startsSent);
    expect(api.answers.size).toBe(4);
  });

  it('forgets a start the server refuses for good, and says why its answers failed', async () => {
    const api = server();
    const { pending, queue } = tab(api);
    const sessionId = newSessionId();
    pending.add({ userId: USER, body: { mode: 'full', chapterId: CHAPTER, questionsCount: 1, sessionId } });
    api.starts.mockRejectedValueOnce(new ApiError(409, { message: 'You have a paused quiz. Resume it or retake it before starting another one.', code: 'SESSION_PAUSED' }));
    api.setOnline(true);
    const outcome = await queue.submit(answer(1, sessionId), USER);
    expect(outcome).toEqual({ status: 'failed', message: 'You have a paused quiz. Resume it or retake it before starting another one.' });
    expect(pending.get(sessionId)).toBeNull();
  });
});

describe('what the quiz says about answers kept on the device', () => {
  it('counts what waits, then tells when it was sent', () => {
    expect(waitingText(1, null, () => '')).toBe('1 answer waiting to be sent');
    expect(waitingText(0, null, () => '')).toBe('');
    expect(waitingText(0, 0, () => '14:32')).toBe('Sent at 14:32');
  });

  it('says it in Hindi once हिन्दी is the language (issue 33 §1)', async () => {
    await setLanguage('hi');
    try {
      expect(waitingText(2, null, () => '')).toBe('2 उत्तर भेजे जाने बाकी हैं');
      expect(waitingText(0, 0, () => '14:32')).toBe('14:32 पर भेजे गए');
    } finally {
      useI18n.setState({ language: 'en' });
    }
  });
});
