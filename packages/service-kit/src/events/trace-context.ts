// Carries W3C trace context through NATS message headers (inject on publish, extract on consume).
import { context, propagation, type Context } from '@opentelemetry/api';
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
