// The request headers a service receives: hop-by-hop and identity-looking headers never pass;
// X-Request-Id and X-Forwarded-For are set by us.
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { propagation } from '@opentelemetry/api';

// Hop-by-hop headers (RFC 9110 §7.6.1) and headers we set ourselves.
const DROPPED_REQUEST_HEADERS = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'http2-settings',
  'host', 'expect', 'cookie', 'authorization', 'proxy-authorization',
  'x-request-id', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded',
  'x-forwarded-user', 'x-real-ip',
]);
/** Identity claims a client might try to assert; services must never see them from outside. */
const DROPPED_REQUEST_PREFIXES = ['x-user-', 'x-lp-', 'x-authenticated-'];

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

/**
 * With telemetry on, the HTTP client instrumentation sets traceparent (its span's, under the caller's trace): the
 * caller's own copy would go too, two values the service cannot read, and start a trace of its own. Without telemetry
 * nothing is injected (no fields), and the caller's traceparent passes to the service as it came. Read at the first
 * call (telemetry starts before the gateway), not per call on the hot path.
 */
let injectedFields: string[] | undefined;

/** The same list from the raw request (the fast path, fast-path.ts, has no Fastify request). */
export function upstreamHeaders(incoming: IncomingMessage, cookie: string | undefined, requestId: string, forwardedFor: string): string[] {
  const raw = incoming.rawHeaders;
  const connection = incoming.headers.connection;
  const connectionTokens = connection && connection !== 'keep-alive' && connection !== 'close'
    ? new Set(connection.toLowerCase().split(',').map((t) => t.trim()))
    : undefined;
  const injected = (injectedFields ??= propagation.fields());
  const headers: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (isDroppedRequestHeader(name) || connectionTokens?.has(name)) continue;
    if (injected.length > 0 && injected.includes(name)) continue;
    headers.push(name, raw[i + 1]!);
  }
  if (cookie) headers.push('cookie', cookie);
  headers.push('x-request-id', requestId, 'x-forwarded-for', forwardedFor);
  return headers;
}
