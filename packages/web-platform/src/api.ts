/**
 * The one API client of the browser side (spec §7, §8).
 * JSON in and out, session cookie always sent. A non-OK answer raises
 * `Error("<status>: <body text>")`, or `"<status>: <status text>"` when the body is empty.
 */
import type { User } from '@lp/contracts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Raises an ApiError for a non-OK response; returns the response otherwise. */
export async function throwIfNotOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, `${res.status}: ${text}`);
}

async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function getJson<T>(url: string, init?: { signal?: AbortSignal }): Promise<T> {
  const res = await fetch(url, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: init?.signal,
  });
  return readJson<T>(await throwIfNotOk(res));
}

export type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a mutation: `body` is sent as JSON when given. */
export async function sendJson<T = unknown>(method: Method, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readJson<T>(await throwIfNotOk(res));
}

/** The signed-in user, as `GET /api/auth/user` returns it (the contract's `User`). */
export type CurrentUser = User;

export const CURRENT_USER_URL = '/api/auth/user';

/** The current user, or null when the server says 401 (no session). Other failures raise. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const res = await fetch(CURRENT_USER_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (res.status === 401) {
    // Read the body anyway: an unread response keeps the request open (the browser's network
    // stays busy, and tools waiting for it to go idle never see it finish).
    await res.text().catch(() => '');
    return null;
  }
  return readJson<CurrentUser>(await throwIfNotOk(res));
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 401 : error instanceof Error && /^401: /.test(error.message);
}
