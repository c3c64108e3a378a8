// Asks svc-study what a learner may take (study.rpc.entitlement, request/reply over NATS). No answer in
// time, or an answer that does not fit the contract (the kit checks it), is an error: access is never granted by default.
import type { RpcResponse } from '@lp/contracts';
import { AppError, type EventBus } from '@lp/service-kit';
import type { FastifyBaseLogger } from 'fastify';

export type EntitlementAsker = (userId: string, target?: { topicId: string } | { chapterId: string }) => Promise<RpcResponse<'study.rpc.entitlement'>>;

export const entitlementUnavailable = () =>
  new AppError(503, 'We could not check your subscription just now, so the full question list cannot be shown. Please try again in a moment.', 'ENTITLEMENT_UNAVAILABLE');

export function studyEntitlement(bus: Pick<EventBus, 'rpc'>, log: FastifyBaseLogger, { timeoutMs }: { timeoutMs: number }): EntitlementAsker {
  const entitlement = bus.rpc('study.rpc.entitlement', {
    timeoutMs,
    failure: (err) => {
      log.warn({ err, subject: err.subject, code: err.code }, 'svc-study did not answer the entitlement request in contract');
      return entitlementUnavailable();
    },
  });
  return (userId, target) => entitlement({ userId, ...target });
}
