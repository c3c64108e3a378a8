/**
 * Test helpers for the remotes' screens (`@lp/web-platform/testing`, tests only): the API faked at the fetch
 * boundary, so a page runs its real client code (route calls, the error reader, the query cache) against
 * replies shaped as the services send them, and a page rendered with a fresh query cache.
 */
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../query.tsx';

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  /** The JSON body parsed, or the body as sent (FormData) when it is not a string. */
  body: unknown;
}
export type Reply = { status?: number; body?: unknown };
export type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/** Replaces fetch: "METHOD /path" → a reply or a handler; anything else answers 404. Returns the calls made, in order. */
export function fakeApi(routes: Record<string, Handler | Reply>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: ApiCall = { method, path: url.pathname, search: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? await route(call) : route ?? apiError(404, 'Not Found');
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), { status, headers: { 'Content-Type': 'application/json' } });
  }));
  return calls;
}

/** A refusal in the services' one error shape (`{statusCode, error, message, code}`). */
export function apiError(status: number, message: string, code?: string): Reply {
  return { status, body: { statusCode: status, error: 'Error', message, ...(code ? { code } : {}) } };
}

/** A reply that has not come yet: the screen stays in its loading state until `answer` is called. */
export function heldReply(): { handler: Handler; answer: (reply: Reply) => void } {
  let answer: (reply: Reply) => void = () => {};
  const held = new Promise<Reply>((resolve) => { answer = resolve; });
  return { handler: () => held, answer: (reply) => answer(reply) };
}

/** Renders a page with a fresh query cache (no answers kept from an earlier test). */
export function renderPage(ui: ReactElement) {
  const client = createQueryClient();
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export { FakeEventSource } from './fake-event-source.ts';
export { resetPushForTests } from '../push.ts';
