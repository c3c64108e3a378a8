// Forwarding a request to the service that owns it (the route handler): the request goes out over the service's
// pool (upstreams.ts) with the headers it may see (forwarded-headers.ts); the answer is relayed as it came
// (write-answer.ts), or a failure answered (upstream-errors.ts).
// Bodies stream both ways unparsed (multipart uploads, webhook signatures need the exact bytes).
import type { ServiceName } from '@lp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { refuseTooLarge } from './edge';
import { forwardedHeaders } from './forwarded-headers';
import { awaitService } from './idle';
import { clearingCookie } from './session';
import { sendUpstreamError } from './upstream-errors';
import { call, RETRYABLE, type UpstreamAnswer, type Upstreams } from './upstreams';
import { writeAnswer } from './write-answer';

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
  /** Counted by the service's gate (upstreams.ts), refused with 503 OVERLOADED when it is full; false for uploads. */
  shed?: boolean;
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

/** The route handler that forwards to `owner`. */
export function proxyTo(owner: ServiceName, { upstreams, cookieName, production, trustProxy, bodyLimit, headers: extraHeaders, socketIdleMs, timeoutMs, shed = true }: ProxyOptions) {
  const pool = upstreams.pool(owner);
  const gate = shed ? upstreams.gate(owner) : undefined;
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
        res = await call(pool, options, gate);
      } catch (err) {
        // A kept-alive socket the service closed at the same moment: safe to repeat a request without a body.
        if (hasBody || !RETRYABLE.has((err as { code?: string }).code ?? '')) throw err;
        res = await call(pool, options, gate);
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
