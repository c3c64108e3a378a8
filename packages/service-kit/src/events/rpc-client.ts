// The one way a service calls another: a typed client of one RPC of packages/contracts (bus.rpc(name)), with an
// optional short cache in front for answers that change only when content is published.
import { RPC_TIMEOUT_MS, type RpcName, type RpcRequest, type RpcResponse } from '@lp/contracts';
import type { RequestOptions } from './rpc';
import { RpcFailure } from './rpc';

/** Calls one RPC: the request and reply are checked against its contract by the bus. */
export type RpcClient<N extends RpcName> = (body: RpcRequest<N>) => Promise<RpcResponse<N>>;

export interface RpcClientOptions {
  /** How long to wait for an answer (RPC_TIMEOUT_MS by default); callers fail closed when it passes. */
  timeoutMs?: number;
  /**
   * The error a failure becomes for this caller, e.g. its own 503 AppError with a sentence for the learner. By default
   * the RpcFailure itself (code and status: BAD_REQUEST 400, FAILED 500, BAD_REPLY 502, UNAVAILABLE 503).
   */
  failure?: (failure: RpcFailure) => Error;
}

type Requester = { request<Res>(name: string, body: unknown, options?: RequestOptions): Promise<Res> };

export function rpcClient<N extends RpcName>(bus: Requester, name: N, { timeoutMs = RPC_TIMEOUT_MS, failure }: RpcClientOptions = {}): RpcClient<N> {
  return async (body) => {
    try {
      return await bus.request<RpcResponse<N>>(name, body, { timeoutMs });
    } catch (err) {
      const typed = err instanceof RpcFailure ? err : new RpcFailure(name, 'UNAVAILABLE', (err as Error).message);
      throw failure ? failure(typed) : typed;
    }
  };
}

export interface RpcCacheOptions<N extends RpcName> {
  /** The cache key of a request: equal keys share one answer. */
  keyOf: (body: RpcRequest<N>) => string;
  ttlMs: number;
  maxEntries?: number;
  /** Whether to keep an answer (e.g. not "not found", which may soon exist); failures are never kept. */
  keep?: (answer: RpcResponse<N>) => boolean;
}

/**
 * Keeps answers in this process for `ttlMs`: callers asking the same at once share one request. Only a cache: a
 * replica without it asks again and gets the same answer.
 */
export function cachedRpc<N extends RpcName>(client: RpcClient<N>, { keyOf, ttlMs, maxEntries = 5_000, keep = () => true }: RpcCacheOptions<N>): RpcClient<N> {
  const entries = new Map<string, { value: Promise<RpcResponse<N>>; until: number }>();
  return (body) => {
    const key = keyOf(body);
    const hit = entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = client(body);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, until: Date.now() + ttlMs });
    value.then((answer) => { if (!keep(answer)) entries.delete(key); }, () => entries.delete(key));
    return value;
  };
}
