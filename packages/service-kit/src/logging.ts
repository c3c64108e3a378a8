// pino options shared by every service and the gateway: request ids, the trace a line belongs to, and never a
// secret in a log line.
import { context, trace } from '@opentelemetry/api';

/**
 * The trace and span ids of the span active where a line is logged, so a line is found from a trace (and a trace
 * from a line). Nothing without telemetry running: then no span is ever active.
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpanContext(context.active());
  return span && trace.isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
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
