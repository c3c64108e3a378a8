// pino options shared by every service and the gateway: request ids, the trace a line belongs to, and never a
// secret in a log line.
import type { IncomingMessage } from 'node:http';
import { context, trace } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import { telemetryStarted } from './telemetry-state';
import { traceIdOfHeader } from './trace-header';

/**
 * The trace and span ids of the span active where a line is logged, so a line is found from a trace (and a trace
 * from a line). Nothing without telemetry running: then no span is ever active.
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpanContext(context.active());
  return span && trace.isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}

/**
 * Each request's logger (Fastify's `childLoggerFactory`). With telemetry off no span is ever active, so the trace id
 * comes from the call's traceparent (the browser starts every call's trace): a line of a failed call is still found
 * by the "Reference" its toast showed. With telemetry on the mixin above says it, from the span.
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Record<string, unknown>, options: object, rawReq: IncomingMessage): FastifyBaseLogger {
  const traceId = telemetryStarted() ? undefined : traceIdOfHeader(rawReq.headers.traceparent);
  return logger.child(traceId ? { ...bindings, trace_id: traceId } : bindings, options);
}

export function loggerOptions(level: string) {
  return {
    level,
    mixin: traceFields,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token', '*.razorpay_signature'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: req.url.split('?')[0], id: req.id }),
    },
  };
}
