/**
 * A flaky network loses nothing: an answer whose call fails on the way (no connection, a 5xx, a
 * timeout) is kept in memory and in localStorage and sent again with the SAME answerId, with
 * exponential backoff and whenever the browser comes back online. A busy service (503 or 429 with
 * Retry-After: load shedding, rate limiting) is not asked again before the wait it named; every wait gets up to half
 * again at random, so a classroom whose answers were refused together does not come back together. svc-study records an answerId
 * once, so a retry of a call that did reach the server is harmless; here an answer is queued once
 * and sent by one call at a time, so nothing is sent twice in parallel either.
 *
 * Entries remember whose answer they are: a queued answer is only sent while that learner is the
 * signed-in user (a visitor's sample answers, recorded by nobody, go with anyone).
 */
import { useSyncExternalStore } from 'react';
import type { AnswerBody, AnswerResult } from './api.ts';
import { errorTextLater } from '@lp/web-platform/error-text-later';
import { retryAfterOf, statusOf } from './api.ts';
import { t } from '../../i18n/quiz/index.ts';

export interface QueuedAnswer {
  body: AnswerBody;
  /** The learner who answered; null for a visitor. */
  userId: string | null;
  attempts: number;
  nextAttemptAt: number;
  /** The service said it was busy (503/429): the learner sees a calm "Busy", not "Will retry". */
  busy?: boolean;
}

export type SubmitOutcome =
  | { status: 'scored'; result: AnswerResult }
  | { status: 'queued' }
  | { status: 'failed'; message: string };

/** What the small status line says: Saving… / Saved / Will retry / Busy — … will be sent. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'busy';

export type QueueEvent =
  | { type: 'scored'; answerId: string; result: AnswerResult }
  | { type: 'failed'; answerId: string; message: string };

export interface AnswerQueueOptions {
  send: (body: AnswerBody) => Promise<AnswerResult>;
  /** Who is signed in now: an id, null for nobody, undefined while not known yet (nothing is sent then). */
  currentUserId: () => string | null | undefined;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  storageKey?: string;
  baseDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
  /** A number in [0, 1) that spreads the retries (Math.random; tests pass a constant). */
  random?: () => number;
}

export const ANSWER_QUEUE_STORAGE_KEY = 'lp.quiz.answerQueue.v1';
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 60_000;
/** Bound on what a device keeps (a quiz has at most 200 questions). */
const MAX_ENTRIES = 1000;

/** A call worth repeating: no answer at all (network), a timeout, rate limiting, a server error, or a lapsed session. */
export function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  return status === null || status === 401 || status === 408 || status === 429 || status >= 500;
}

/** The wait before the n-th retry (n ≥ 1): base · 2^(n−1), at most max. */
export function backoffDelay(attempts: number, baseMs = RETRY_BASE_DELAY_MS, maxMs = RETRY_MAX_DELAY_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The service asked for time: shedding load or rate limiting (as opposed to a network failure or a crash). */
function isBusy(error: unknown): boolean {
  const status = statusOf(error);
  return status === 503 || status === 429;
}

/**
 * The wait before the next try: the backoff or the service's Retry-After, whichever is longer, plus up to half
 * again at random (`random` in [0, 1)). Never sooner than Retry-After.
 */
export function retryDelay(attempts: number, retryAfterMs: number | null, random: number, baseMs = RETRY_BASE_DELAY_MS, maxMs = RETRY_MAX_DELAY_MS): number {
  const wait = Math.max(backoffDelay(attempts, baseMs, maxMs), retryAfterMs ?? 0);
  return Math.round(wait * (1 + random / 2));
}


export class AnswerQueue {
  private readonly entries = new Map<string, QueuedAnswer>();
  private readonly inFlight = new Map<string, Promise<SubmitOutcome>>();
  private readonly listeners = new Set<(event: QueueEvent) => void>();
  private readonly statusListeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSaved = false;
  /** When a queued answer last reached the server (the "Sent at 14:32" line); null before any did. */
  private sentAt: number | null = null;
  private version = 0;
  private readonly options: Required<Omit<AnswerQueueOptions, 'storage'>> & { storage: AnswerQueueOptions['storage'] };

  constructor(options: AnswerQueueOptions) {
    this.options = {
      storageKey: ANSWER_QUEUE_STORAGE_KEY,
      baseDelayMs: RETRY_BASE_DELAY_MS,
      maxDelayMs: RETRY_MAX_DELAY_MS,
      now: () => Date.now(),
      random: Math.random,
      ...options,
      storage: options.storage ?? null,
    };
    this.restore();
  }

  /**
   * Sends an answer. Resolves with the server's check, or 'queued' when the call failed on the
   * way (it is retried later with the same answerId), or 'failed' when the server refused it.
   * Submitting an answerId that is already queued or on its way sends nothing new.
   */
  submit(body: AnswerBody, userId: string | null): Promise<SubmitOutcome> {
    const flying = this.inFlight.get(body.answerId);
    if (flying) return flying;
    if (this.entries.has(body.answerId)) return Promise.resolve({ status: 'queued' });
    return this.attempt({ body, userId, attempts: 0, nextAttemptAt: this.options.now() });
  }

  /** Sends every queued answer of the current user now. Resolves with how many are still queued. */
  async flush(): Promise<number> {
    const user = this.options.currentUserId();
    const sendable = [...this.entries.values()].filter((entry) => this.mayGo(entry, user));
    await Promise.all(sendable.map((entry) => this.inFlight.get(entry.body.answerId) ?? this.attempt(entry)));
    await Promise.all([...this.inFlight.values()]);
    return this.pendingCount();
  }

  /** Queued answers (not yet accepted by the server), optionally only one learner's. */
  pendingCount(userId?: string | null): number {
    let count = 0;
    for (const entry of this.entries.values()) if (userId === undefined || entry.userId === userId) count++;
    return count;
  }

  /** When a queued answer last reached the server, as a time stamp; null when none had to wait. */
  lastSentAt(): number | null {
    return this.sentAt;
  }

  isPending(answerId: string): boolean {
    return this.entries.has(answerId) || this.inFlight.has(answerId);
  }

  status(): SaveStatus {
    if (this.inFlight.size > 0) return 'saving';
    const user = this.options.currentUserId();
    const waiting = [...this.entries.values()].filter((entry) => this.mayGo(entry, user));
    if (waiting.length > 0) return waiting.some((entry) => entry.busy) ? 'busy' : 'retrying';
    return this.lastSaved ? 'saved' : 'idle';
  }

  /** Results of answers that were queued and landed later (or were refused for good). */
  onEvent(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** Stops the retry timer (tests; the page-wide queue lives as long as the page). */
  dispose() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  // ---- internals ----

  private mayGo(entry: QueuedAnswer, user: string | null | undefined): boolean {
    if (entry.userId === null) return true;
    return user !== undefined && user === entry.userId;
  }

  private attempt(entry: QueuedAnswer): Promise<SubmitOutcome> {
    const { answerId } = entry.body;
    const run = (async (): Promise<SubmitOutcome> => {
      try {
        const result = await this.options.send(entry.body);
        const wasQueued = this.entries.delete(answerId);
        this.lastSaved = true;
        if (wasQueued) {
          this.sentAt = this.options.now();
          this.persist();
          this.emit({ type: 'scored', answerId, result });
        }
        return { status: 'scored', result };
      } catch (error) {
        if (isRetryable(error)) {
          const attempts = entry.attempts + 1;
          const { baseDelayMs, maxDelayMs, random, now } = this.options;
          this.entries.set(answerId, {
            ...entry,
            attempts,
            busy: isBusy(error),
            nextAttemptAt: now() + retryDelay(attempts, retryAfterOf(error), random(), baseDelayMs, maxDelayMs),
          });
          this.trim();
          this.persist();
          return { status: 'queued' };
        }
        // The readable reason in the page's language; the error texts are fetched only now (the dashboard drains this queue).
        const message = await errorTextLater(error);
        if (this.entries.delete(answerId)) {
          this.persist();
          this.emit({ type: 'failed', answerId, message });
        }
        return { status: 'failed', message };
      } finally {
        this.inFlight.delete(answerId);
        this.schedule();
        this.changed();
      }
    })();
    this.inFlight.set(answerId, run);
    this.changed();
    return run;
  }

  /** Arms one timer for the earliest due retry of the current user's answers. */
  private schedule() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const user = this.options.currentUserId();
    const waiting = [...this.entries.values()].filter((e) => !this.inFlight.has(e.body.answerId) && this.mayGo(e, user));
    if (waiting.length === 0) {
      // Answers of a user who is not known yet: look again shortly (the session store is loading).
      if (this.entries.size > 0 && user === undefined) this.timer = setTimeout(() => this.schedule(), this.options.baseDelayMs);
      return;
    }
    const earliest = Math.min(...waiting.map((e) => e.nextAttemptAt));
    const delay = Math.max(0, earliest - this.options.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      const now = this.options.now();
      const who = this.options.currentUserId();
      for (const entry of [...this.entries.values()]) {
        if (entry.nextAttemptAt <= now && !this.inFlight.has(entry.body.answerId) && this.mayGo(entry, who)) void this.attempt(entry);
      }
      this.schedule();
    }, delay);
  }

  private trim() {
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private emit(event: QueueEvent) {
    for (const listener of [...this.listeners]) listener(event);
  }

  private changed() {
    this.version++;
    for (const listener of [...this.statusListeners]) listener();
  }

  private persist() {
    const { storage, storageKey } = this.options;
    if (!storage) return;
    try {
      if (this.entries.size === 0) storage.removeItem(storageKey);
      else storage.setItem(storageKey, JSON.stringify([...this.entries.values()]));
    } catch {
      // Storage full or blocked (private mode): the in-memory queue still retries.
    }
  }

  private restore() {
    const { storage, storageKey, now } = this.options;
    if (!storage) return;
    try {
      const saved: unknown = JSON.parse(storage.getItem(storageKey) ?? '[]');
      if (!Array.isArray(saved)) return;
      for (const item of saved as QueuedAnswer[]) {
        if (item && typeof item === 'object' && item.body && typeof item.body.answerId === 'string') {
          this.entries.set(item.body.answerId, { ...item, attempts: item.attempts ?? 0, nextAttemptAt: now() });
        }
      }
    } catch {
      return;
    }
    if (this.entries.size > 0) this.schedule();
  }

  /** Retry at once when the connection returns. */
  listenForOnline(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
    const onOnline = () => void this.flush();
    target.addEventListener('online', onOnline);
    return () => target.removeEventListener('online', onOnline);
  }
}

/**
 * What the quiz says about answers kept on this device (issue 33 §2): how many wait, else when the last waiting one
 * was sent ("Sent at 14:32", the learner's clock), else nothing.
 */
export function waitingText(waiting: number, sentAt: number | null, time: (at: number) => string): string {
  if (waiting > 0) return t('offline.waiting', { count: String(waiting) });
  return sentAt === null ? '' : t('offline.sentAt', { time: time(sentAt) });
}

/** The save status of a queue, for a status line. */
export function useSaveStatus(queue: AnswerQueue): SaveStatus {
  useSyncExternalStore(queue.subscribe, queue.getVersion, queue.getVersion);
  return queue.status();
}
