/**
 * Quizzes started without a connection (issue 33 §2). The runner makes the session's id itself (`newSessionId`), so
 * its answers can carry it at once; the start waits here (in localStorage, beside the answer queue) and is sent
 * before the first of those answers, when the connection returns. svc-study creates a session once per id (a unique
 * insert), so a start sent twice (a lost reply, two tabs) is one quiz; its answers are then recorded once each by
 * their answer ids.
 */
import type { CreateSessionBody } from '@lp/contracts';
import { StoredRecords, type Store } from './stored-records.ts';

export type StartBody = CreateSessionBody & { sessionId: string };

export interface PendingStart {
  body: StartBody;
  userId: string;
}

export const PENDING_STARTS_STORAGE_KEY = 'lp.quiz.pendingStarts.v1';

/** A session id as the server makes them (24 lowercase hex: 4 bytes of seconds, then 8 random bytes). */
export function newSessionId(now = Date.now(), random: (bytes: Uint8Array) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b)): string {
  const seconds = Math.floor(now / 1000).toString(16).padStart(8, '0').slice(-8);
  return seconds + [...random(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class PendingStarts {
  // Storage full or blocked: the start is then only sent by this page.
  private readonly records: StoredRecords<PendingStart>;

  constructor(storage: Store | null, key = PENDING_STARTS_STORAGE_KEY) {
    this.records = new StoredRecords(storage, key);
  }

  add(start: PendingStart) {
    this.records.write({ ...this.records.read(), [start.body.sessionId]: start });
  }

  get(sessionId: string): PendingStart | null {
    return this.records.read()[sessionId] ?? null;
  }

  remove(sessionId: string) {
    this.records.remove(sessionId);
  }
}

/**
 * Makes sure a session a quiz started offline exists before its answers (or its completion) are sent: sends the
 * waiting start, once it has been accepted forgets it. A failed call raises, so the answer waits in its queue and
 * both are tried again; a start the server refuses for good is forgotten too (its answers then fail with a reason).
 */
export function sessionStarter(pending: PendingStarts, create: (body: StartBody) => Promise<unknown>, isRetryable: (error: unknown) => boolean) {
  const inFlight = new Map<string, Promise<void>>();
  return function ensureStarted(sessionId: string): Promise<void> {
    const start = pending.get(sessionId);
    if (!start) return Promise.resolve();
    let call = inFlight.get(sessionId);
    if (!call) {
      call = create(start.body).then(
        () => pending.remove(sessionId),
        (error: unknown) => {
          if (!isRetryable(error)) pending.remove(sessionId);
          throw error;
        },
      ).finally(() => inFlight.delete(sessionId));
      inFlight.set(sessionId, call);
    }
    return call;
  };
}
