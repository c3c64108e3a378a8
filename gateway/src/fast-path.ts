// The hot path, before Fastify. Nearly every `/api` call is a GET with no body from a browser whose session the
// gateway has already verified: for that call every check of the gateway is a synchronous lookup, and Fastify's
// per-request machinery (request and reply objects, the hook runner, hijacking) was the largest cost left
// (`npm run bench`). This handles exactly that call on the raw Node request and answers it; anything else (a
// body, a session not yet verified or refused, an admin route, a refusal, an upstream failure, trusted
// X-Forwarded-For, an odd path) returns false and goes to the Fastify app, which does the same checks in full.
// The same route table, verifier, rate limiter, header rules and answer writer serve both.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceName } from '@lp/contracts';
import { errorBody, type AdaptiveLimit, type SessionClaims, type SessionVerifier } from '@lp/service-kit/edge';
import FindMyWay from 'find-my-way';
import { ROOT_CONTEXT, context, propagation } from '@opentelemetry/api';
import type { Dispatcher } from 'undici';
import { awaitService } from './idle';
import { ClientConnections, type Connection } from './connections';
import { upstreamHeaders } from './forwarded-headers';
import { isTimeout, upstreamFailure } from './upstream-errors';
import { dispatchCall, type UpstreamAnswer, type Upstreams } from './upstreams';
import { writeAnswer, type AnswerOptions } from './write-answer';
import { retryMessage, type RateLimiter } from './rate-limit';
import { requestIdOf } from './request-id';
import { traceIdOf } from './trace-id';
import type { GatewayRoute } from './route-table';
import { readCookie } from './session';
import type { GatewayMetrics } from './gateway-metrics';

export interface FastPathOptions {
  table: readonly GatewayRoute[];
  upstreams: Upstreams;
  /** Calls answered here are counted here (the Fastify app counts the others). */
  metrics: GatewayMetrics;
  verifier: SessionVerifier;
  limiter: RateLimiter;
  connections: ClientConnections;
  cookieName: string;
  headers: ReadonlyArray<readonly [string, string]>;
  socketIdleMs: number;
  /** The short upstream timeout (every call here is a GET of JSON or a download, never an upload). */
  timeoutMs: number;
  /** The Fastify app's own request handler: where every call the fast path does not take goes. */
  fallback: (req: IncomingMessage, res: ServerResponse) => void;
}

type Fast = (req: IncomingMessage, res: ServerResponse) => boolean;
interface Target { pool: Dispatcher; gate: AdaptiveLimit; access: string; owner: ServiceName; route: string }

/** Paths the fast path takes as they are; anything with escapes, dots or doubled slashes goes to Fastify. */
const PLAIN_PATH = /^\/api(?:\/[\w:-]+)+$/;
const UNUSED = () => {};

export function createFastPath({ table, upstreams, metrics, verifier, limiter, connections, cookieName, headers, socketIdleMs, timeoutMs, fallback }: FastPathOptions): Fast {
  // Fastify's router, with Fastify's defaults, holding the GET routes a signed-in or visiting browser may call; the
  // routes without parameters also in a Map by their exact path, which is what most calls are (one hash, no parsing).
  const router = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 100 });
  const exact = new Map<string, Target>();
  for (const route of table) {
    if (route.method !== 'GET' || route.access === 'admin') continue;
    const target: Target = { pool: upstreams.pool(route.owner), gate: upstreams.gate(route.owner), access: route.access ?? 'public', owner: route.owner, route: route.url };
    router.on('GET', route.url, UNUSED, target);
    if (!/[:*]/.test(route.url)) exact.set(route.url, target);
  }
  const cookiePrefix = `${cookieName}=`;
  // Whether telemetry is running (its propagator reads traceparent): decided once, it starts before the gateway.
  const propagates = propagation.fields().length > 0;
  // The same for every answer this path writes (a GET, no cookie to clear): made once, not per call.
  const answerOptions: AnswerOptions = { head: false, clearing: undefined, cookiePrefix, headers, socketIdleMs, onStreamError: UNUSED };

  /**
   * The call's session: undefined without a session cookie, null when Fastify's session check must decide (a token
   * not yet verified, or refused, expired or ended: Fastify refuses and clears it).
   */
  function sessionOf(cookie: string | undefined, connection: Connection | undefined): SessionClaims | undefined | null {
    // The header of this connection's last verified call, so the same token: only its expiry or the end of its
    // session can have changed since.
    const known = connection?.verified;
    if (known !== undefined && known.cookie === cookie) return verifier.stillValid(known.session) ? known.session : null;
    if (cookie === undefined || !cookie.includes(cookiePrefix)) return undefined;
    const token = readCookie(cookie, cookiePrefix);
    if (token === undefined) return undefined;
    const session = verifier.cachedSession(token);
    if (!session) return null;
    if (connection !== undefined) connection.verified = { cookie, session };
    return session;
  }

  return function fast(req, res) {
    if (req.method !== 'GET') return false;
    const started = performance.now();
    const url = req.url!;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (!PLAIN_PATH.test(path)) return false;
    const h = req.headers;
    if (h['content-length'] !== undefined || h['transfer-encoding'] !== undefined) return false;
    const target = exact.get(path) ?? (router.find('GET', path)?.store as Target | undefined);
    if (!target) return false;
    const { pool, access } = target;

    const cookie = h.cookie;
    const connection = connections.of(req.socket);
    const session = sessionOf(cookie, connection);
    if (session === null) return false;
    if (!session && access !== 'public') return false;
    if (access === 'owner' && session!.role !== 'owner') return false;

    const ip = req.socket.remoteAddress ?? '';
    const waitMs = limiter.call(session?.sub, ip);
    const requestId = requestIdOf(h['x-request-id']);
    if (waitMs > 0) {
      tooMany(res, waitMs, requestId, headers);
      metrics.record(target.route, 'GET', 429, started);
      return true;
    }

    const options: Dispatcher.DispatchOptions = {
      method: 'GET', path: url, headers: upstreamHeaders(req, cookie, requestId, ip), headersTimeout: timeoutMs, bodyTimeout: timeoutMs,
    };
    awaitService(req, false); // a first call on a connection: the limit armed when it opened goes off
    ClientConnections.callStarted(connection);
    // With telemetry on, the call to the service continues the caller's trace (Fastify's instrumentation does the
    // same for the calls that reach the app; this path is before it). Off, nothing extracts: not a cost per call.
    if (propagates) {
      context.with(propagation.extract(ROOT_CONTEXT, h), () => dispatchCall(pool, options, onAnswer, onError, target!.gate));
      return true;
    }
    dispatchCall(pool, options, onAnswer, onError, target.gate);
    return true;

    function onAnswer(answer: UpstreamAnswer) {
      ClientConnections.callEnded(connection);
      writeAnswer(res, answer, requestId, answerOptions);
      // Until the answer is handed to the socket (a streamed download's body may still be on its way).
      metrics.record(target!.route, 'GET', answer.statusCode, started);
    }
    function onError(err: Error) {
      ClientConnections.callEnded(connection);
      // A service that took the call and stalled: answered here, where asking it again would double the wait.
      const code = (err as { code?: string }).code;
      if (isTimeout(code)) {
        timedOut(res, target!.owner, code, requestId, headers);
        return metrics.record(target!.route, 'GET', res.statusCode, started);
      }
      // Not answered: let the Fastify app make the call again (a GET, safe to repeat), with its retry, its 503
      // and its log line. The limiter has counted this request once already, which errs on the strict side.
      fallback(req, res);
    }
  };
}

function tooMany(res: ServerResponse, waitMs: number, requestId: string, headers: ReadonlyArray<readonly [string, string]>) {
  const out: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(Math.ceil(waitMs / 1000)), 'x-request-id': requestId };
  for (const [name, value] of headers) out[name] = value;
  withTraceId(res, out);
  res.writeHead(429, out).end(JSON.stringify(errorBody(429, retryMessage(waitMs), 'RATE_LIMITED')));
}

function timedOut(res: ServerResponse, owner: ServiceName, code: string | undefined, requestId: string, headers: ReadonlyArray<readonly [string, string]>) {
  if (res.headersSent || res.destroyed) return void res.destroy();
  const { status, retryAfter, body } = upstreamFailure(owner, code);
  const out: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'retry-after': retryAfter, 'x-request-id': requestId };
  for (const [name, value] of headers) out[name] = value;
  withTraceId(res, out);
  res.writeHead(status, out).end(JSON.stringify(body));
}

function withTraceId(res: ServerResponse, out: Record<string, string>) {
  const traceId = traceIdOf(res.req.headers);
  if (traceId) out['x-trace-id'] = traceId;
}
