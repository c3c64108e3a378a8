/** Test helpers for the admin pages: a fake API on fetch, an owner or visitor session, the toasts shown. */
import { vi } from 'vitest';
import type { User } from '@lp/contracts';
import { useSession, useToasts } from '@lp/web-platform';

export interface ApiCall { method: string; path: string; body: unknown }
type Reply = { status?: number; body?: unknown };
export type Handler = (call: ApiCall) => Reply;

/** Replaces fetch: "METHOD /path" → a reply; anything else answers 404. Returns the calls made. */
export function fakeApi(routes: Record<string, Handler | Reply>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call = { method, path: url.pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? route(call) : route ?? { status: 404, body: { message: 'Not Found' } };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status });
  }));
  return calls;
}

export const OWNER: User = {
  id: '64d1de000000000000000003', email: 'owner@demo.test', firstName: 'Owner', lastName: 'Admin', role: 'owner', selectedClass: null, selectedSubject: null,
};

export function signInAs(user: Partial<User> | null) {
  useSession.setState(user ? { status: 'authenticated', user: { ...OWNER, ...user }, error: null } : { status: 'unauthenticated', user: null, error: null });
}

export const toastTexts = () => useToasts.getState().toasts.map((t) => [t.title, t.description].filter(Boolean).join(', '));
