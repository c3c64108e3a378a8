// The public answer call scores sample questions for anyone, so left open it would hand out the bank's keys one
// question at a time. A sample answer is scored only for a question that svc-content gave this visitor in a sample
// quiz (content.rpc.sampleIssued), and each visitor (a signed-in user by id, else by address) gets a bounded
// number of sample answers an hour, counted exactly on any number of replicas.
import { RPC_TIMEOUT_MS, type RpcResponse } from '@lp/contracts';
import { AppError, WindowCounter, forbidden, visitorKey } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StudyContext } from '../../context';

/** Six sample quizzes of ten questions an hour. */
export const SAMPLE_ANSWERS = { limit: 60, windowMs: 3_600_000 };

export function sampleAnswers(ctx: StudyContext) {
  const counter = new WindowCounter(ctx.app.db, SAMPLE_ANSWERS, { collection: 'sample_answer_hits' });

  async function issued(visitor: string, questionId: string): Promise<boolean> {
    try {
      const reply = await ctx.app.bus.request<RpcResponse<'content.rpc.sampleIssued'>>('content.rpc.sampleIssued', { visitor, questionId }, { timeoutMs: RPC_TIMEOUT_MS });
      return reply.issued;
    } catch {
      throw new AppError(503, 'Questions cannot be checked right now. Please try again in a moment.', 'CONTENT_UNAVAILABLE');
    }
  }

  return {
    async admit(request: FastifyRequest, reply: FastifyReply, questionId: string) {
      const visitor = visitorKey(request);
      const hit = await counter.hit(visitor);
      if (!hit.allowed) {
        const minutes = Math.ceil(hit.retryAfterMs / 60_000);
        reply.header('retry-after', String(Math.ceil(hit.retryAfterMs / 1000)));
        throw new AppError(429, `You have answered many sample questions this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or subscribe for full quizzes.`, 'RATE_LIMITED');
      }
      if (!(await issued(visitor, questionId))) {
        throw forbidden('This question was not in a sample quiz given to you. Start a sample quiz to practise it.', 'SAMPLE_NOT_ISSUED');
      }
    },
  };
}
