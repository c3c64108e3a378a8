// The request/reply half of the event bus: reads across services over core NATS, one queue-group member answering.
// Both sides hold an RPC of packages/contracts to its schemas: the requester checks its request before sending and
// the reply it gets, the responder checks each request before its handler sees it. A failure is an RpcFailure with
// a code and the HTTP status nearest to it (RPC_ERROR_STATUS): a caller tells its own bad request (400) from a
// peer that failed (500), answered out of contract (502) or did not answer at all (503).
import { RPC_ERROR_STATUS, RpcError, rpc as contracts, type RpcErrorCode, type RpcReply } from '@lp/contracts';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import { contextFromHeaders, headersWithTrace } from './trace-context';
import { contractError, isRpcName } from './validators';

const tracer = trace.getTracer('lp-bus');

/** A failed RPC, on either side: a responder's handler may throw one to answer with its code. */
export class RpcFailure extends Error {
  readonly code: RpcErrorCode;
  /** The HTTP status nearest to the code (400, 500, 502, 503). */
  readonly status: number;
  /** What went wrong, without the subject and code. */
  readonly detail: string;
  constructor(readonly subject: string, code: RpcErrorCode, detail: string) {
    super(`${subject} failed: ${code}: ${detail}`);
    this.code = code;
    this.status = RPC_ERROR_STATUS[code];
    this.detail = detail;
  }

  /** What a responder sends back for this failure. */
  toReply(): RpcError {
    return { error: this.code, status: this.status, message: this.detail };
  }
}

/** The failure a responder sent; one of another shape (an older responder's text) is FAILED with that text. */
function failureOf(name: string, error: unknown): RpcFailure {
  if (!contractError(RpcError, error)) {
    const { error: code, message } = error as RpcError;
    return new RpcFailure(name, code, message);
  }
  return new RpcFailure(name, 'FAILED', typeof error === 'string' ? error : JSON.stringify(error));
}

export interface RpcOptions {
  service: string;
  /** Tests only: a prefix for request/reply subjects (see BusOptions.instanceTag). */
  instanceTag?: string;
}

export interface RequestOptions { timeoutMs?: number }

export class Rpc {
  private responders: Subscription[] = [];
  /** Each responder's loop over its messages: done once its last request is answered. */
  private answering: Promise<void>[] = [];

  constructor(private readonly nc: NatsConnection, private readonly opts: RpcOptions) {}

  /** The subject this instance uses on the wire for a request/reply subject (tagged in tests). */
  wireSubject(subject: string) {
    return this.opts.instanceTag ? `${this.opts.instanceTag}.${subject}` : subject;
  }

  /** See EventBus.request. */
  async request<Res>(name: string, body: unknown, { timeoutMs = 3000 }: RequestOptions = {}): Promise<Res> {
    const contract = isRpcName(name) ? contracts[name] : undefined;
    const badRequest = contract && contractError(contract.request, body);
    if (badRequest) throw new RpcFailure(name, 'BAD_REQUEST', badRequest); // sending it could not get a useful answer
    const subject = this.wireSubject(name);
    return tracer.startActiveSpan(`request ${subject}`, { kind: SpanKind.CLIENT }, async (span) => {
      try {
        const reply = await this.nc.request(subject, JSON.stringify(body), { timeout: timeoutMs, headers: headersWithTrace() }).catch((err: Error) => {
          // No responder, a timeout or a connection that is down: nobody answered.
          throw new RpcFailure(name, 'UNAVAILABLE', err.message);
        });
        let answer: RpcReply<Res> | null = null;
        try {
          answer = reply.json<RpcReply<Res>>();
        } catch {
          // not JSON: refused just below
        }
        if (typeof answer !== 'object' || answer === null) throw new RpcFailure(name, 'BAD_REPLY', 'the reply is not a JSON object');
        if (!answer.ok) throw failureOf(name, answer.error);
        const badReply = contract && contractError(contract.response, answer.data);
        if (badReply) throw new RpcFailure(name, 'BAD_REPLY', badReply);
        return answer.data;
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    });
  }

  /** See EventBus.reply. */
  reply<Req, Res>(name: string, handler: (body: Req) => Promise<Res>) {
    const contract = isRpcName(name) ? contracts[name] : undefined;
    const subject = this.wireSubject(name);
    const sub = this.nc.subscribe(subject, { queue: this.opts.service });
    this.responders.push(sub);
    const answer = async (raw: unknown): Promise<RpcReply<Res>> => {
      try {
        const badRequest = contract && contractError(contract.request, raw);
        if (badRequest) throw new RpcFailure(name, 'BAD_REQUEST', badRequest);
        return { ok: true, data: await handler(raw as Req) };
      } catch (err) {
        const failure = err instanceof RpcFailure ? err : new RpcFailure(name, 'FAILED', (err as Error).message);
        return { ok: false, error: failure.toReply() };
      }
    };
    this.answering.push((async () => {
      for await (const m of sub) {
        await context.with(contextFromHeaders(m.headers), () => tracer.startActiveSpan(`reply ${subject}`, { kind: SpanKind.SERVER }, async (span) => {
          try {
            let raw: unknown;
            try {
              raw = m.json();
            } catch {
              raw = undefined; // not JSON: refused by the contract check below
            }
            const reply = await answer(raw);
            if (!reply.ok) span.setStatus({ code: SpanStatusCode.ERROR });
            m.respond(JSON.stringify(reply));
          } finally {
            span.end();
          }
        }));
      }
    })().catch(() => {}));
  }

  /**
   * Stops answering without dropping a request: each subscription is drained (no new requests come to this
   * instance; those already delivered to it are still answered), and this waits for their answers to be sent.
   */
  async stop() {
    await Promise.allSettled(this.responders.map((s) => s.drain()));
    await Promise.allSettled(this.answering);
  }
}
