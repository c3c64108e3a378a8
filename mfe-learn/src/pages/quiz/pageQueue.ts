/**
 * The page-wide answer queue: one per page (the learn remote is loaded once), so answers queued on
 * a quiz keep being retried while the learner is on the dashboard, and answers saved in
 * localStorage by an earlier visit are sent once their learner is signed in again.
 */
import { useSession } from '@lp/web-platform';
import { quizApi } from './api.ts';
import { AnswerQueue, isRetryable } from './answerQueue.ts';
import { PendingStarts, sessionStarter } from '../../offline/pending-starts.ts';
import { QuizSittings, restoreSitting, shouldContinue } from '../../offline/quiz-sitting.ts';
import type { QuizPlan } from './loadQuiz.ts';

let queue: AnswerQueue | null = null;
let starts: PendingStarts | null = null;
let starter: ((sessionId: string) => Promise<void>) | null = null;
let sittings: QuizSittings | null = null;

/** Chapter quizzes under way on this device (offline/quiz-sitting.ts). */
export function getQuizSittings(): QuizSittings {
  if (sittings) return sittings;
  const created = new QuizSittings(browserStorage());
  // Signed out (the server said so: not a failed check, as offline without the worker) or someone else signed in:
  // only the signed-in learner's kept quizzes stay.
  const forget = () => {
    const session = useSession.getState();
    if (session.status === 'authenticated' && session.user) created.forgetAllBut(session.user.id);
    else if (session.status === 'unauthenticated' && !session.error) created.forgetAllBut(null);
  };
  forget();
  useSession.subscribe((state, previous) => {
    if (state.status !== previous.status || state.user?.id !== previous.user?.id || state.error !== previous.error) forget();
  });
  sittings = created;
  return created;
}

/**
 * The plan, continuing the learner's kept sitting of this chapter when the page was reloaded (or the app reopened)
 * offline or with some of it still on this device; else the plan unchanged (a new quiz).
 */
export function withKeptSitting(plan: QuizPlan, userId: string | null): QuizPlan {
  if (!userId || plan.mode !== 'full' || !plan.chapterId || plan.resume) return plan;
  const sitting = getQuizSittings().get(userId, plan.chapterId);
  if (!sitting) return plan;
  const queue = getAnswerQueue();
  const device = {
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
    startWaiting: getPendingStarts().get(sitting.sessionId) !== null,
    answerWaiting: (answerId: string) => queue.isPending(answerId),
  };
  return shouldContinue(sitting, device) ? { ...plan, sitting: restoreSitting(sitting, plan.questions) } : plan;
}

/** Quizzes started offline, whose sessions are created when the connection returns (offline/pending-starts.ts). */
export function getPendingStarts(): PendingStarts {
  starts ??= new PendingStarts(browserStorage());
  return starts;
}

/** Creates the session of a quiz started offline, if it is still waiting; nothing otherwise. */
export function ensureSessionStarted(sessionId: string): Promise<void> {
  starter ??= sessionStarter(getPendingStarts(), (body) => quizApi.createSession(body), isRetryable);
  return starter(sessionId);
}

/** An answer of a quiz started offline goes after its session's start. */
async function sendAnswer(body: Parameters<typeof quizApi.submitAnswer>[0]) {
  if (body.sessionId) await ensureSessionStarted(body.sessionId);
  return quizApi.submitAnswer(body);
}

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
  const created = new AnswerQueue({ send: sendAnswer, currentUserId, storage: browserStorage() });
  if (typeof window !== 'undefined') created.listenForOnline(window);
  // Someone signed in (or the session finished loading): their saved answers may go now.
  useSession.subscribe((state, previous) => {
    if (state.status !== previous.status || state.user?.id !== previous.user?.id) void created.flush();
  });
  queue = created;
  getQuizSittings(); // and the kept quizzes follow who is signed in from the first page on
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
