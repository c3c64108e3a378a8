/**
 * What a failed call's answer says beyond its body, for the pages that need it (the answer queue, the toaster):
 * a subpath of its own, bundled by those, so the guest page does not carry it.
 */
import { ApiError } from '@lp/web-platform';

/** A `Retry-After` header in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** How long the service asked the caller to wait before trying again (its `Retry-After`), or null. */
export function retryAfterOf(error: unknown, now = Date.now()): number | null {
  return error instanceof ApiError ? parseRetryAfter(error.headers?.get('retry-after'), now) : null;
}

/**
 * The failed call's trace id as the gateway answered it (X-Trace-Id: the browser's own trace, continued), shown in
 * error toasts as "Reference: …"; null without one.
 */
export function traceIdOf(error: unknown): string | null {
  return error instanceof ApiError ? (error.headers?.get('x-trace-id') ?? null) : null;
}
