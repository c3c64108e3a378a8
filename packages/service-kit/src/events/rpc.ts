// The request/reply half of the event bus: reads across services over core NATS, one queue-group member answering.
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { SpanKind, context, trace } from '@opentelemetry/api';
import { contextFromHeaders, headersWithTrace } from './trace-context';

const tracer = trace.getTracer('lp-bus');

export interface RpcOptions {
  service: string;
  /** Tests only: a prefix for request/reply subjects (see BusOptions.instanceTag). */
  instanceTag?: string;
}

export class Rpc {
  private responders: Subscription[] = [];

  constructor(private readonly nc: NatsConnection, private readonly opts: RpcOptions) {}

  /** The subject this instance uses on the wire for a request/reply subject (tagged in tests). */
  wireSubject(subject: string) {
    return this.opts.instanceTag ? `${this.opts.instanceTag}.${subject}` : subject;
  }

  /** See EventBus.request. */
  async request<Res>(name: string, body: unknown, { timeoutMs = 3000 } = {}): Promise<Res> {
    const subject = this.wireSubject(name);
    return tracer.startActiveSpan(`request ${subject}`, { kind: SpanKind.CLIENT }, async (span) => {
      try {
        const reply = await this.nc.request(subject, JSON.stringify(body), { timeout: timeoutMs, headers: headersWithTrace() });
        const answer = reply.json<{ ok: true; data: Res } | { ok: false; error: string }>();
        if (!answer.ok) throw new Error(`${subject} failed: ${answer.error}`);
        return answer.data;
      } finally {
        span.end();
      }
    });
  }

  /** See EventBus.reply. */
  reply<Req, Res>(name: string, handler: (body: Req) => Promise<Res>) {
    const subject = this.wireSubject(name);
    const sub = this.nc.subscribe(subject, { queue: this.opts.service });
    this.responders.push(sub);
    void (async () => {
      for await (const m of sub) {
        await context.with(contextFromHeaders(m.headers), () => tracer.startActiveSpan(`reply ${subject}`, { kind: SpanKind.SERVER }, async (span) => {
          try {
            m.respond(JSON.stringify({ ok: true, data: await handler(m.json<Req>()) }));
          } catch (err) {
            m.respond(JSON.stringify({ ok: false, error: (err as Error).message }));
          } finally {
            span.end();
          }
        }));
      }
    })();
  }

  stop() {
    for (const s of this.responders) s.unsubscribe();
  }
}
