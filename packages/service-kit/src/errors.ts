// One error response shape for every service: { statusCode, error, message, code? }.
import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';

export class AppError extends Error {
  /** On a 503, the Retry-After sent with it (seconds); RETRY_AFTER_SECONDS when not given. */
  readonly retryAfterSeconds?: number;
  constructor(readonly statusCode: number, message: string, readonly code?: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * Every 503 says when to come back (RFC 9110 §10.2.3): a dependency that did not answer in time, a lease held by
 * another request. Callers, proxies and the reliability suite's fuzzer tell such an answer from a failure by it.
 */
export const RETRY_AFTER_SECONDS = 5;

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, message, 'UNAUTHENTICATED');
export const forbidden = (message = 'You are not allowed to do this.', code = 'FORBIDDEN') => new AppError(403, message, code);
export const notFound = (what: string) => new AppError(404, `${what} not found.`, 'NOT_FOUND');
export const conflict = (message: string, code?: string) => new AppError(409, message, code);

export function errorBody(statusCode: number, message: string, code?: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(code ? { code } : {}) };
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode === 503) reply.header('retry-after', String(err.retryAfterSeconds ?? RETRY_AFTER_SECONDS));
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.message, err.code));
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      // Schema errors say which field is wrong (see schemaErrorMessage), e.g. "body/mode must be one of 'topic', 'full'".
      return reply.status(400).send(errorBody(400, fe.message, 'VALIDATION'));
    }
    const status = fe.statusCode && fe.statusCode >= 400 ? fe.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send(errorBody(status, 'Something went wrong on our side. Please try again.', 'INTERNAL'));
    }
    return reply.status(status).send(errorBody(status, fe.message, fe.code));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorBody(404, `No route for ${request.method} ${request.url.split('?')[0]}.`, 'NO_ROUTE')));
}
