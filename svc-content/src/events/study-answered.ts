// Asks svc-study whether a learner answered a question (study.rpc.answeredQuestion): a question flag is taken only
// from a student who answered it (issue 32 §4). No answer in time, or one out of contract, is a 503, never a yes.
import { AppError, type EventBus } from '@lp/service-kit';
import type { FastifyBaseLogger } from 'fastify';

export type AnsweredAsker = (userId: string, questionId: string) => Promise<boolean>;

export const answeredUnavailable = () =>
  new AppError(503, 'We could not check your answers just now, so your report was not sent. Please try again in a moment.', 'FLAG_CHECK_UNAVAILABLE');

export function studyAnswered(bus: Pick<EventBus, 'rpc'>, log: FastifyBaseLogger, { timeoutMs }: { timeoutMs: number }): AnsweredAsker {
  const answered = bus.rpc('study.rpc.answeredQuestion', {
    timeoutMs,
    failure: (err) => {
      log.warn({ err, subject: err.subject, code: err.code }, 'svc-study did not answer the answered-question request in contract');
      return answeredUnavailable();
    },
  });
  return async (userId, questionId) => (await answered({ userId, questionId })).answered;
}
