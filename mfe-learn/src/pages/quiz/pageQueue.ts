/**
 * The page-wide answer queue: one per page (the learn remote is loaded once), so answers queued on
 * a quiz keep being retried while the learner is on the dashboard, and answers saved in
 * localStorage by an earlier visit are sent once their learner is signed in again.
 */
import { useSession } from '@lp/web-platform';
import { quizApi } from './api.ts';
import { AnswerQueue } from './answerQueue.ts';

let queue: AnswerQueue | null = null;

function currentUserId(): string | null | undefined {
  const session = useSession.getState();
  return session.status === 'loading' ? undefined : (session.user?.id ?? null);
}

function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage blocked: the queue still works in memory
  }
}

export function getAnswerQueue(): AnswerQueue {
  if (queue) return queue;
  const created = new AnswerQueue({ send: quizApi.submitAnswer, currentUserId, storage: browserStorage() });
  if (typeof window !== 'undefined') created.listenForOnline(window);
  // Someone signed in (or the session finished loading): their saved answers may go now.
  useSession.subscribe((state, previous) => {
    if (state.status !== previous.status || state.user?.id !== previous.user?.id) void created.flush();
  });
  queue = created;
  return created;
}

/** A fresh id per answer: the key that makes a retried answer call harmless. */
export function newAnswerId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  // Not a secure context (plain http on a LAN address): build a version 4 UUID by hand.
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
