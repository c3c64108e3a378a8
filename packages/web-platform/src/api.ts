/**
 * The one API client of the browser side (spec §7, §8).
 * JSON in and out, session cookie always sent. A non-OK answer raises an `ApiError` whose message is
 * `"<status>: <body text>"`, or `"<status>: <status text>"` when the body is empty.
 */
import type { RefreshSession, User } from '@lp/contracts';

/**
 * A failed call, as data: the HTTP `status`, the service's error `code` (from a JSON body such as
 * `{statusCode, error, message, code}`; null otherwise), the `body` (parsed JSON, else the text) and the
 * spec's visible `message`, `"<status>: <body text>"` (or the status text when the body is empty), rendered
 * from those fields. Pages read the fields; they never parse the message. `reason` is the readable part:
 * the body's `message` when it has one, else the body text. `headers` are the answer's: what the pages that need
 * more read through `@lp/web-platform/call-details` (`retryAfterOf`, `traceIdOf`), kept out of the guest page's bytes.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;
  readonly reason: string;
  /** The failed answer's headers (Retry-After, X-Trace-Id); absent for an error made without a response. */
  declare headers?: Headers;

  /** `text` is the body as it came (defaults to `body` itself, or its JSON); `statusText` stands in when it is empty. */
  constructor(status: number, body: unknown, statusText = '', text = typeof body === 'string' ? body : body === undefined || body === null ? '' : JSON.stringify(body)) {
    super(formatApiError(status, text || statusText));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const fields = body && typeof body === 'object' ? (body as { code?: unknown; message?: unknown }) : {};
    this.code = typeof fields.code === 'string' ? fields.code : null;
    this.reason = typeof fields.message === 'string' && fields.message ? fields.message : text || statusText;
  }

  /** Builds the error from a non-OK response: a JSON body is parsed, any other body kept as text. */
  static async from(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    return Object.assign(new ApiError(res.status, parseBody(text), res.statusText, text), { headers: res.headers });
  }
}

/** The spec's error text (§8): status code, colon, body text (or status text when the body is empty). */
export function formatApiError(status: number, text: string): string {
  return `${status}: ${text}`;
}

function parseBody(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}


/** The status of a failed call, or null when the error is not an ApiError (a network failure, a bug). */
export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** The service's error code of a failed call, or null. */
export function errorCodeOf(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/**
 * What to show a person, the one error reader of every page: the service's readable `message` when it answered
 * one; otherwise `fallback` when given (a network failure, a body without a message), else the error's own text
 * (an ApiError's body text or `"<status>: <status text>"`, any other error's message).
 */
export function errorMessageOf(error: unknown, fallback?: string): string {
  const body = error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as { message?: unknown }) : {};
  if (typeof body.message === 'string' && body.message) return body.message;
  if (fallback !== undefined) return fallback;
  if (error instanceof ApiError) return error.reason || error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Raises an ApiError for a non-OK response; returns the response otherwise. */
export async function throwIfNotOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  throw await ApiError.from(res);
}

async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Each call starts its trace here (W3C Trace Context, sampled): the gateway and the services continue it, and answer
 * its id as X-Trace-Id, which an error toast shows ("Reference: …") so a slow or failed click is found in the viewer.
 * By hand, a few bytes: the OpenTelemetry web SDK would weigh on every page. Headers are plain objects here.
 */
export function traceparent(): string {
  // 24 random bytes as hex: the last 16 the trace id, the first 8 the span id.
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => (b | 256).toString(16).slice(1)).join('');
  return `00-${hex.slice(16)}-${hex.slice(0, 16)}-01`;
}

export const REFRESH_SESSION_URL: (typeof RefreshSession)['url'] = '/api/auth/refresh';

/**
 * When the session ends for good (the refresh call answers 401), the session store hears it here
 * (`session.ts` registers); `shouldRefresh` says whether anyone is signed in at all.
 */
export const sessionHooks: { shouldRefresh: () => boolean; onSessionEnded: () => void } = {
  shouldRefresh: () => true,
  onSessionEnded: () => {},
};

let refreshing: Promise<boolean> | null = null;

/**
 * Each refresh token works once (identity rotates it, and a spent one coming back ends the session as stolen),
 * so renewals must never overlap: not two refreshes, not a refresh and the self-renewing user fetch, not two
 * tabs. The Web Locks API serialises them across every tab of the origin; each waits for the previous answer's
 * new cookie before it sends its own.
 */
function oneRenewalAtATime<T>(renewal: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? (locks.request('lp-session-renewal', renewal) as Promise<T>) : renewal();
}

/**
 * Renews the short-lived session token from the refresh cookie (`POST /api/auth/refresh`). One
 * request at a time, shared by every caller. Resolves false when the session has ended.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await oneRenewalAtATime(async () => {
        const answer = await fetch(REFRESH_SESSION_URL, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
        await answer.text().catch(() => '');
        return answer;
      });
      if (res.status === 401) sessionHooks.onSessionEnded();
      return res.ok;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * `fetch` with the session cookie that survives the session token's expiry: a 401 (which the
 * gateway answers before any handler runs) renews the token once and repeats the request.
 * `GET /api/auth/user` renews by itself and is never repeated here. Use it for calls that are not
 * JSON (multipart uploads, downloads); `getJson`/`sendJson` already do.
 */
export async function fetchWithSession(url: string, init: RequestInit = {}): Promise<Response> {
  const request = () => fetch(url, { ...init, credentials: 'include', headers: { ...(init.headers as Record<string, string>), traceparent: traceparent() } });
  const res = await request();
  if (res.status !== 401 || url === CURRENT_USER_URL || url === REFRESH_SESSION_URL || !sessionHooks.shouldRefresh()) return res;
  const text = await res.text().catch(() => '');
  if (await refreshSession()) return request();
  return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
}

export async function getJson<T>(url: string, init?: { signal?: AbortSignal }): Promise<T> {
  const res = await fetchWithSession(url, {
    headers: { Accept: 'application/json' },
    signal: init?.signal,
  });
  return readJson<T>(await throwIfNotOk(res));
}

export type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a mutation: `body` is sent as JSON when given. */
export async function sendJson<T = unknown>(method: Method, url: string, body?: unknown): Promise<T> {
  const res = await fetchWithSession(url, {
    method,
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
  // It may renew the session (and rotate the refresh token): never beside another renewal.
  const res = await oneRenewalAtATime(async () => {
    const answer = await fetch(CURRENT_USER_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
    return new Response(await answer.text(), { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  });
  if (res.status === 401) {
    // Read the body anyway: an unread response keeps the request open (the browser's network
    // stays busy, and tools waiting for it to go idle never see it finish).
    await res.text().catch(() => '');
    return null;
  }
  return readJson<CurrentUser>(await throwIfNotOk(res));
}

export function isUnauthorized(error: unknown): boolean {
  return statusOf(error) === 401;
}
