// Asks svc-study what a learner may take (study.rpc.entitlement, request/reply over NATS). No answer in
// time, or an answer that does not fit the contract, is an error: access is never granted by default.
import { rpc, type RpcResponse } from '@lp/contracts';
import { AppError, type EventBus } from '@lp/service-kit';
import { Value } from '@sinclair/typebox/value';
import type { FastifyBaseLogger } from 'fastify';

export type EntitlementAsker = (userId: string, target?: { topicId: string } | { chapterId: string }) => Promise<RpcResponse<'study.rpc.entitlement'>>;

export const entitlementUnavailable = () =>
  new AppError(503, 'We could not check your subscription just now, so the full question list cannot be shown. Please try again in a moment.', 'ENTITLEMENT_UNAVAILABLE');

export function studyEntitlement(bus: Pick<EventBus, 'request'>, log: FastifyBaseLogger, { timeoutMs }: { timeoutMs: number }): EntitlementAsker {
  const subject = 'study.rpc.entitlement';
  const contract = rpc[subject];
  return async (userId, target) => {
    let answer: unknown;
    try {
      answer = await bus.request(subject, { userId, ...target }, { timeoutMs });
    } catch (err) {
      log.warn({ err, subject }, 'svc-study did not answer the entitlement request');
      throw entitlementUnavailable();
    }
    if (!Value.Check(contract.response, answer)) {
      log.warn({ subject, error: Value.Errors(contract.response, answer).First()?.message }, 'svc-study answered the entitlement request out of contract');
      throw entitlementUnavailable();
    }
    return answer;
  };
}
