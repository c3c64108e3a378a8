/** Test helpers for learn's pages: a fake API (fetch), a signed-in or visitor session, a fresh query cache. */
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ChapterProgress, QuizSession, SubjectWithChapters, User } from '@lp/contracts';
import { useSession, useToasts } from '@lp/web-platform';
import { createQueryClient } from '@lp/web-platform/query';

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;
export type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/**
 * Replaces fetch. `routes` maps "METHOD /path" to a handler (or a fixed body); anything else answers
 * 404. Returns the list of calls made, in order.
 */
export function mockApi(routes: Record<string, Handler | object>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const call: ApiCall = {
        method,
        path: url.pathname,
        search: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`];
      const reply: Reply = typeof route === 'function' ? await (route as Handler)(call) : route === undefined ? { status: 404, body: { message: 'Not Found' } } : { body: route };
      const status = reply?.status ?? 200;
      const text = reply?.body === undefined ? '' : JSON.stringify(reply.body);
      return new Response(status === 204 ? null : text, { status, statusText: status === 404 ? 'Not Found' : '', headers: reply?.headers });
    }),
  );
  return calls;
}

export const USER: User = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
  email: 'ravi@example.test',
  firstName: 'Ravi',
  lastName: 'Subscriber',
  role: 'learner',
  selectedClass: null,
  selectedSubject: null,
};

export function signInAs(user: Partial<User> = {}) {
  useSession.setState({ status: 'authenticated', user: { ...USER, ...user }, error: null });
}

export function signOut() {
  useSession.setState({ status: 'unauthenticated', user: null, error: null });
}

export function resetToasts() {
  useToasts.setState({ toasts: [] });
}

export const toastTitles = () => useToasts.getState().toasts.map((t) => `${t.variant}:${t.title}`);

export function renderPage(ui: ReactElement) {
  const client = createQueryClient();
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

/** jsdom lacks what Radix Select calls on open; these stand-ins are enough to drive it by keyboard. */
export function polyfillRadix() {
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => {};
  proto.releasePointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};
  (globalThis as Record<string, unknown>).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// ---- Fixtures ----

export const id = (n: number) => n.toString(16).padStart(24, '0');

export function subject(n: number, name: string, className: SubjectWithChapters['className'], chapters: SubjectWithChapters['chapters'], comingSoon = false): SubjectWithChapters {
  return { id: id(n), name, className, chapters, ...(comingSoon ? { comingSoon: true } : {}) };
}

export function chapter(n: number, name: string, topics: { n: number; name: string; questions: number }[]): SubjectWithChapters['chapters'][number] {
  return {
    id: id(n),
    name,
    order: n,
    questionCount: topics.reduce((s, t) => s + t.questions, 0),
    topics: topics.map((t, i) => ({ id: id(t.n), name: t.name, order: i, questionCount: t.questions })),
  };
}

export function progress(chapterId: string, over: Partial<ChapterProgress> = {}): ChapterProgress {
  return {
    chapterId,
    questionsCorrect: 7,
    totalQuestions: 10,
    accuracyPercentage: 70,
    createdAt: '2025-01-01T00:00:00.000Z',
    firstRevisionAt: null,
    secondRevisionAt: null,
    thirdRevisionAt: null,
    revisionStage: 0,
    revisionDue: false,
    revisionsDone: 0,
    nextRevisionAt: null,
    ...over,
  } as ChapterProgress;
}

export function pausedSession(over: Partial<QuizSession> = {}): QuizSession {
  return {
    id: id(0xdead),
    userId: USER.id,
    mode: 'full',
    topicId: null,
    chapterId: null,
    subjectId: null,
    questionsCount: 20,
    questionsAnswered: 5,
    correctAnswers: 4,
    timeSpent: 120,
    isPaused: true,
    currentQuestionIndex: 5,
    resumeQuestionIndex: 5,
    answeredQuestionIds: [],
    completed: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    completedAt: null,
    ...over,
  };
}

/** Each test of the file starts on a fresh /dashboard: no stored choices, no toasts, stubs undone after. */
export function freshDashboardPerTest() {
  beforeEach(() => {
    polyfillRadix();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/dashboard');
    resetToasts();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
