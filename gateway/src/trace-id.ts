// X-Trace-Id: the trace a call belongs to, returned on every answer so the browser can show it ("Reference: …")
// and a slow or failed click is found in the trace viewer by it. The browser starts the trace (its W3C
// traceparent); with gateway telemetry on, a call that came without one gets the trace the gateway started.
import type { IncomingHttpHeaders } from 'node:http';
import { context, trace } from '@opentelemetry/api';

/** `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`; an all-zero id is invalid (W3C Trace Context). */
const TRACEPARENT = /^00-([\da-f]{32})-([\da-f]{16})-[\da-f]{2}$/;
const ZEROS = /^0+$/;

/** The trace id of a W3C traceparent header, or undefined when it is missing or malformed. */
export function traceIdOfHeader(traceparent: string | string[] | undefined): string | undefined {
  if (typeof traceparent !== 'string') return undefined;
  const m = TRACEPARENT.exec(traceparent.trim());
  return m && !ZEROS.test(m[1]!) && !ZEROS.test(m[2]!) ? m[1] : undefined;
}

/** The call's trace id: the caller's traceparent, else the span active here (none without telemetry). */
export function traceIdOf(headers: IncomingHttpHeaders): string | undefined {
  const own = traceIdOfHeader(headers.traceparent);
  if (own) return own;
  const span = trace.getSpanContext(context.active());
  return span && trace.isSpanContextValid(span) ? span.traceId : undefined;
}
