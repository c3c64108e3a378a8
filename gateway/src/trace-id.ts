// X-Trace-Id: the trace a call belongs to, returned on every answer so the browser can show it ("Reference: …")
// and a slow or failed click is found in the trace viewer by it. The browser starts the trace (its W3C
// traceparent); with gateway telemetry on, a call that came without one gets the trace the gateway started.
import type { IncomingHttpHeaders } from 'node:http';
import { context, trace } from '@opentelemetry/api';
import { traceIdOfHeader } from '@lp/service-kit/edge';

export { traceIdOfHeader };

/** The call's trace id: the caller's traceparent, else the span active here (none without telemetry). */
export function traceIdOf(headers: IncomingHttpHeaders): string | undefined {
  const own = traceIdOfHeader(headers.traceparent);
  if (own) return own;
  const span = trace.getSpanContext(context.active());
  return span && trace.isSpanContextValid(span) ? span.traceId : undefined;
}
