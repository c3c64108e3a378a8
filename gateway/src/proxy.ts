// Forwarding a request to the service that owns it, over kept-alive undici pools (one per service).
// Headers: hop-by-hop and identity-looking headers never pass; X-Request-Id and X-Forwarded-* are set by us.
// Bodies stream both ways unparsed (multipart uploads, webhook signatures need the exact bytes).
import type { ServiceName } from '@lp/contracts';
import { errorBody } from '@lp/service-kit/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Pool, type Dispatcher } from 'undici';
import { refuseTooLarge } from './edge';
import { awaitService, limitIdleWhileStreaming } from './idle';
import { clearingCookie } from './session';

export interface UpstreamOptions {
  connections: number;
  timeoutMs: number;
}

/** One connection pool per service. Idle sockets close before the service's own keep-alive timeout (72 s). */
export class Upstreams {
  private readonly pools = new Map<ServiceName, Pool>();

  constructor(readonly urls: Partial<Record<ServiceName, string>>, { connections, timeoutMs }: UpstreamOptions) {
    for (const [name, url] of Object.entries(urls) as [ServiceName, string][]) {
      this.pools.set(name, new Pool(new URL(url).origin, {
        connections,
        pipelining: 1,
        keepAliveTimeout: 60_000,
        keepAliveMaxTimeout: 60_000,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        connectTimeout: 5_000,
      }));
    }
  }

  pool(name: ServiceName): Pool {
    const pool = this.pools.get(name);
    if (!pool) throw new Error(`No URL configured for the ${name} service (set ${name.toUpperCase()}_URL).`);
    return pool;
  }

  names(): ServiceName[] {
    return [...this.pools.keys()];
  }

  /** GET /healthz on each service: name → answered 200 within 2 s. */
  async health(): Promise<Record<string, boolean>> {
    const entries = await Promise.all(this.names().map(async (name) => {
      try {
        const res = await this.pool(name).request({ method: 'GET', path: '/healthz', headersTimeout: 2000, bodyTimeout: 2000 });
        await res.body.dump();
        return [name, res.statusCode === 200] as const;
      } catch {
        return [name, false] as const;
      }
    }));
    return Object.fromEntries(entries);
  }

  async close() {
    await Promise.all([...this.pools.values()].map((p) => p.close()));
  }
}

// Hop-by-hop headers (RFC 9110 §7.6.1) and headers we set ourselves.
const DROPPED_REQUEST_HEADERS = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'http2-settings',
  'host', 'expect', 'cookie', 'authorization', 'proxy-authorization',
  'x-request-id', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded',
  'x-forwarded-user', 'x-real-ip',
]);
/** Identity claims a client might try to assert; services must never see them from outside. */
const DROPPED_REQUEST_PREFIXES = ['x-user-', 'x-lp-', 'x-authenticated-'];
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

export function isDroppedRequestHeader(name: string): boolean {
  if (DROPPED_REQUEST_HEADERS.has(name)) return true;
  if (name.charCodeAt(0) !== 120 /* x */) return false;
  for (const prefix of DROPPED_REQUEST_PREFIXES) if (name.startsWith(prefix)) return true;
  return false;
}

/**
 * The headers a service receives for this request, as undici's flat `[name, value, ...]` list (no object
 * built and walked again per request). No X-Forwarded-Proto or -Host: services build links from PUBLIC_URL,
 * never from a host the caller names (host-header poisoning), so they would be two headers nobody reads,
 * made, validated and parsed again on every call.
 */
export function forwardedHeaders(request: FastifyRequest, trustProxy: boolean): string[] {
  const priorFor = trustProxy ? request.headers['x-forwarded-for'] : undefined;
  return upstreamHeaders(request.raw, request.forwardedCookie, request.id,
    priorFor ? `${String(priorFor)}, ${request.socket.remoteAddress ?? request.ip}` : request.ip);
}

/** The same list from the raw request (the fast path, fast-path.ts, has no Fastify request). */
export function upstreamHeaders(incoming: IncomingMessage, cookie: string | undefined, requestId: string, forwardedFor: string): string[] {
  const raw = incoming.rawHeaders;
  const connection = incoming.headers.connection;
  const connectionTokens = connection && connection !== 'keep-alive' && connection !== 'close'
    ? new Set(connection.toLowerCase().split(',').map((t) => t.trim()))
    : undefined;
  const headers: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (isDroppedRequestHeader(name) || connectionTokens?.has(name)) continue;
    headers.push(name, raw[i + 1]!);
  }
  if (cookie) headers.push('cookie', cookie);
  headers.push('x-request-id', requestId, 'x-forwarded-for', forwardedFor);
  return headers;
}

export interface ProxyOptions {
  upstreams: Upstreams;
  cookieName: string;
  production: boolean;
  trustProxy: boolean;
  /** The route's body limit; a declared larger body never gets here (edge.ts), an undeclared one is counted. */
  bodyLimit: number;
  /** Added to every answer (security-headers.ts). */
  headers: ReadonlyArray<readonly [string, string]>;
  socketIdleMs: number;
  /** How long the service may take to answer (headers) or stall its answer's body: short for JSON, long for uploads. */
  timeoutMs: number;
}

class BodyTooLarge extends Error {}

/** A chunked body (no Content-Length) passed on while it stays within `limit`. */
async function* withinLimit(body: AsyncIterable<Buffer>, limit: number) {
  let seen = 0;
  for await (const chunk of body) {
    seen += chunk.length;
    if (seen > limit) throw new BodyTooLarge();
    yield chunk;
  }
}

/** Answers up to this size are buffered rather than streamed. */
const BUFFERED_BODY_MAX = 64 * 1024;
export const RETRYABLE = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

/** The route handler that forwards to `owner`. */
export function proxyTo(owner: ServiceName, { upstreams, cookieName, production, trustProxy, bodyLimit, headers: extraHeaders, socketIdleMs, timeoutMs }: ProxyOptions) {
  const pool = upstreams.pool(owner);
  const clearing = clearingCookie(cookieName, production);
  const cookiePrefix = `${cookieName}=`;

  return async function forward(request: FastifyRequest, reply: FastifyReply) {
    const raw = request.raw;
    const chunked = raw.headers['transfer-encoding'] !== undefined;
    const hasBody = chunked || (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0');
    const options: Dispatcher.DispatchOptions = {
      method: request.method as Dispatcher.HttpMethod,
      path: request.url,
      headers: forwardedHeaders(request, trustProxy),
      body: !hasBody ? undefined : chunked && raw.headers['content-length'] === undefined ? Readable.from(withinLimit(raw, bodyLimit), { objectMode: false }) : raw,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    };
    awaitService(raw, hasBody);
    let res: UpstreamAnswer;
    try {
      try {
        res = await call(pool, options);
      } catch (err) {
        // A kept-alive socket the service closed at the same moment: safe to repeat a request without a body.
        if (hasBody || !RETRYABLE.has((err as { code?: string }).code ?? '')) throw err;
        res = await call(pool, options);
      }
    } catch (err) {
      if (err instanceof BodyTooLarge || (err as { cause?: unknown }).cause instanceof BodyTooLarge) {
        if (request.clearSession) reply.header('set-cookie', clearing);
        return refuseTooLarge(request, reply, bodyLimit);
      }
      return sendUpstreamError(request, reply, owner, err, clearing);
    }

    reply.hijack();
    writeAnswer(reply.raw, res, request.id, { head: request.method === 'HEAD', clearing: request.clearSession ? clearing : undefined, cookiePrefix, headers: extraHeaders, socketIdleMs, onStreamError: (err) => {
      request.log.info({ reqId: request.id, owner, err: err.message }, 'streamed answer ended early');
    } });
  };
}

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

export interface UpstreamAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The whole body when it is small and sized; otherwise a stream with backpressure. */
  body: Buffer | Readable;
}

/**
 * One call to a service over the pool. Answers with a Content-Length up to BUFFERED_BODY_MAX (almost every
 * JSON call) are collected into one Buffer without stream machinery; larger or unsized ones (downloads)
 * come as a stream that pauses the upstream socket when the client reads slowly, and aborts it when the
 * client goes away.
 */
export function call(pool: Pool, options: Dispatcher.DispatchOptions): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => dispatchCall(pool, options, resolve, reject));
}

/** `call` with callbacks: the fast path's form, without a promise and its microtask per request. */
export function dispatchCall(pool: Pool, options: Dispatcher.DispatchOptions, onAnswer: (answer: UpstreamAnswer) => void, onError: (err: Error) => void): void {
  pool.dispatch(options, new AnswerCollector(onAnswer, onError));
}

/**
 * undici's handler for one call. A class, not an object literal of closures: one allocation per call where the
 * closures' form made seven (their context, five functions and the object), on the path every proxied call takes.
 */
class AnswerCollector implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private headers: UpstreamAnswer['headers'] = {};
  private chunks: Buffer[] = [];
  private stream: Readable | undefined = undefined;
  private ended = false;

  // Not `onError`: that is a handler method of undici's older interface, which undici would call.
  constructor(private readonly answer: (answer: UpstreamAnswer) => void, private readonly fail: (err: Error) => void) {}

  onRequestStart() {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: UpstreamAnswer['headers']) {
    this.statusCode = statusCode;
    this.headers = headers;
    const length = Number(headers['content-length']);
    if (length <= BUFFERED_BODY_MAX) return;
    this.stream = new Readable({
      read: () => controller.resume(),
      destroy: (err, done) => {
        if (!this.ended) controller.abort(err ?? new Error('client went away'));
        done(err);
      },
    });
    this.answer({ statusCode, headers, body: this.stream });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (!this.stream) this.chunks.push(chunk);
    else if (!this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd() {
    this.ended = true;
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [];
    this.answer({ statusCode: this.statusCode, headers: this.headers, body });
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error) {
    this.ended = true;
    if (this.stream) this.stream.destroy(err);
    else this.fail(err);
  }
}

/** Seconds a caller waits before retrying a call the service could not take (a restart takes a few). */
const UPSTREAM_RETRY_AFTER = '2';

function sendUpstreamError(request: FastifyRequest, reply: FastifyReply, owner: ServiceName, err: unknown, clearing: string) {
  const code = (err as { code?: string }).code;
  // The browser went away (or sent a broken body); nobody is waiting for an answer. Not `request.raw.destroyed`:
  // a request stream is destroyed as soon as its body has been read, so a service dying after it took a POST's
  // body would be reported as the browser's fault (a 400 nobody retries) instead of a 503 the runner retries.
  if (request.raw.socket?.destroyed || code === 'UND_ERR_ABORTED' || code === 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH') {
    request.log.info({ reqId: request.id, owner, code }, 'request ended before the service answered');
    if (!reply.sent) reply.code(400).send(errorBody(400, 'The request body was incomplete.', 'BAD_BODY'));
    return reply;
  }
  request.log.error({ reqId: request.id, owner, code, err: (err as Error).message }, 'service call failed');
  const { status, body } = upstreamFailure(owner, code);
  if (request.clearSession) reply.header('set-cookie', clearing);
  return reply.code(status).header('x-request-id', request.id).header('retry-after', UPSTREAM_RETRY_AFTER).send(body);
}

export function isTimeout(code: string | undefined): boolean {
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
}

/**
 * 503 with Retry-After, not 502: the call was not taken, and the browser's queues retry it after that wait; 504 (also
 * with Retry-After) when the service took it but did not answer in time.
 */
export function upstreamFailure(owner: ServiceName, code: string | undefined) {
  const timeout = isTimeout(code);
  const status = timeout ? 504 : 503;
  return {
    status,
    retryAfter: UPSTREAM_RETRY_AFTER,
    body: errorBody(status,
      timeout
        ? `The ${owner} service did not answer in time. Please try again.`
        : `The ${owner} service is not reachable right now. Please try again in a moment.`,
      timeout ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE'),
  };
}
