// What a failed call's answer says beyond its body (@lp/web-platform/call-details): its Retry-After and its trace id.
// A file of its own: the module imports the package root, whose session store takes over the session hooks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson, sendJson } from '@lp/web-platform';
import { parseRetryAfter, retryAfterOf, traceIdOf } from '../src/call-details.ts';

const respond = (status: number, body: string, statusText = '') =>
  vi.fn().mockResolvedValue(new Response(status === 204 ? null : body, { status, statusText }));

afterEach(() => vi.unstubAllGlobals());

describe('a busy service (issue 29 §3)', () => {
  it("reads a busy service's Retry-After into the ApiError (seconds or a date); none without the header", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"statusCode":503,"code":"OVERLOADED","message":"busy"}', { status: 503, headers: { 'retry-after': '3' } })));
    const busy = await sendJson('POST', '/api/answers', {}).catch((e: unknown) => e);
    expect(retryAfterOf(busy)).toBe(3000);
    vi.stubGlobal('fetch', respond(503, 'down'));
    expect(retryAfterOf(await getJson('/api/x').catch((e: unknown) => e))).toBeNull();
    expect(retryAfterOf(new TypeError('Failed to fetch'))).toBeNull();
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(parseRetryAfter('Fri, 27 Nov 2026 10:00:08 GMT', now)).toBe(8000);
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('traces (issue 29 §1): a failed call tells its trace id', () => {
  it("a failed call's error carries the trace id the gateway returned (X-Trace-Id), else none", async () => {
    const traceId = 'a'.repeat(32);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"message":"Questions cannot be loaded right now."}', { status: 503, headers: { 'x-trace-id': traceId } })));
    expect(traceIdOf(await getJson('/api/x').catch((e: unknown) => e))).toBe(traceId);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 500 })));
    expect(traceIdOf(await sendJson('POST', '/api/answers', {}).catch((e: unknown) => e))).toBeNull();
    expect(traceIdOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});
