// Carries W3C trace context through NATS message headers (inject on publish, extract on consume).
import { SpanStatusCode, context, propagation, trace, type Context } from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';

export function headersWithTrace(base?: Record<string, string>): MsgHdrs {
  const h = natsHeaders();
  for (const [k, v] of Object.entries(base ?? {})) h.set(k, v);
  propagation.inject(context.active(), h, { set: (carrier, key, value) => carrier.set(key, value) });
  return h;
}

export function contextFromHeaders(h: MsgHdrs | undefined): Context {
  if (!h) return context.active();
  return propagation.extract(context.active(), h, {
    get: (carrier, key) => carrier.get(key) || undefined,
    keys: (carrier) => carrier.keys(),
  });
}

/** The active trace context as text (W3C traceparent/tracestate), to be stored with a record and resumed later. */
export function traceCarrier(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The context a stored carrier held; the active one when it held none. */
export function contextFromCarrier(carrier: Record<string, string> | undefined): Context {
  return carrier ? propagation.extract(context.active(), carrier) : context.active();
}

const tracer = trace.getTracer('lp-bus');

/**
 * Runs `work` in a span of the trace a stored carrier holds (traceCarrier), linked to the span active here: work that
 * finishes what an earlier request began (a payment's webhook or reconciliation settling the order its checkout
 * opened) belongs to that request's trace, and the caller's own trace still points to it. Without a stored trace,
 * the span is an ordinary child of the active one.
 */
export function inStoredTrace<T>(carrier: Record<string, string> | undefined, name: string, work: () => Promise<T>): Promise<T> {
  const here = trace.getSpanContext(context.active());
  const links = here && trace.isSpanContextValid(here) ? [{ context: here }] : [];
  return tracer.startActiveSpan(name, { links }, contextFromCarrier(carrier), async (span) => {
    try {
      return await work();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}
