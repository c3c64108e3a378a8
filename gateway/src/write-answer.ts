// Relaying a service's answer to the client: status, headers (ours replace the service's copies) and body.
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { limitIdleWhileStreaming } from './idle';
import { traceIdOf } from './trace-id';
import type { UpstreamAnswer } from './upstreams';

const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

export interface AnswerOptions {
  head: boolean;
  /** The clearing Set-Cookie, when the request's session cookie did not verify. */
  clearing: string | undefined;
  cookiePrefix: string;
  headers: ReadonlyArray<readonly [string, string]>;
  socketIdleMs: number;
  onStreamError: (err: Error) => void;
}

/**
 * Writes a service's answer on the raw response: Fastify's send pipeline (onSend hooks, serialisers) has nothing
 * to add to bytes a service already serialised.
 */
export function writeAnswer(outgoing: ServerResponse, res: UpstreamAnswer, requestId: string, { head, clearing, cookiePrefix, headers: extraHeaders, socketIdleMs, onStreamError }: AnswerOptions) {
  // A flat [name, value, ...] list: Node takes it as it is, where an object would be walked key by key again.
  const out: (string | string[])[] = [];
  const headers = res.headers;
  const owned = ownedHeaderNames(extraHeaders);
  let setCookie: string | string[] | undefined;
  let hasRequestId = false;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name) || owned.has(name)) continue;
    if (name === 'set-cookie') setCookie = value;
    else {
      if (name === 'x-request-id') hasRequestId = true;
      out.push(name, value);
    }
  }
  if (clearing) {
    // A fresh session the service sets wins over clearing the stale one.
    const cookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    if (!cookies.some((c) => c.startsWith(cookiePrefix))) setCookie = cookies.length ? [...cookies, clearing] : clearing;
  }
  if (setCookie !== undefined) out.push('set-cookie', setCookie);
  if (!hasRequestId) out.push('x-request-id', requestId);
  const traceId = traceIdOf(outgoing.req.headers);
  if (traceId) out.push('x-trace-id', traceId);
  for (let i = 0; i < extraHeaders.length; i++) out.push(extraHeaders[i]![0], extraHeaders[i]![1]);

  outgoing.writeHead(res.statusCode, out as string[]);
  if (head || res.statusCode === 204 || res.statusCode === 304) {
    if (!Buffer.isBuffer(res.body)) res.body.destroy();
    outgoing.end();
  } else if (Buffer.isBuffer(res.body)) {
    // As it came: Node writes the head and a Buffer body in one writev (decoding JSON to a string cost more).
    outgoing.end(res.body);
  } else {
    limitIdleWhileStreaming(outgoing, socketIdleMs);
    pipeline(res.body, outgoing).catch(onStreamError);
  }
}

const OWNED_NAMES = new WeakMap<ReadonlyArray<readonly [string, string]>, ReadonlySet<string>>();

/**
 * The gateway's own headers that replace a service's copy: sent twice, a single-valued header such as
 * `X-Content-Type-Options: nosniff, nosniff` (a screenshot) is malformed, and the origin's policy is set in one place.
 * Not the CSP: several policies are all enforced, so a service's own (identity's sign-in pages) can only tighten.
 */
function ownedHeaderNames(headers: ReadonlyArray<readonly [string, string]>): ReadonlySet<string> {
  let names = OWNED_NAMES.get(headers);
  if (!names) {
    names = new Set(headers.map(([name]) => name).filter((name) => name !== 'content-security-policy'));
    OWNED_NAMES.set(headers, names);
  }
  return names;
}
