// The answer when a service could not be called or did not answer in time.
import type { ServiceName } from '@lp/contracts';
import { errorBody } from '@lp/service-kit/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Seconds a caller waits before retrying a call the service could not take (a restart takes a few). */
const UPSTREAM_RETRY_AFTER = '2';

/** The route handler's answer when the call failed: 400 when the browser went away, else 503 / 504 (upstreamFailure). */
export function sendUpstreamError(request: FastifyRequest, reply: FastifyReply, owner: ServiceName, err: unknown, clearing: string) {
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
