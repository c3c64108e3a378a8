// The public answer call scores sample questions for anyone, so left open it would hand out the bank's keys one
// question at a time. A sample answer is scored only for a question that svc-content gave this visitor in a sample
// quiz (content.rpc.sampleIssued), and within ceilings counted exactly on any number of replicas:
// - per visitor (a signed-in user by id, else by address), an hour;
// - per address, an hour, for everyone behind it signed in or not: accounts are free, so making more of them at one
//   address gains nothing;
// - per account, a day: what one free account yields does not grow with the hours it is used.
// The ceilings are domain/sample-limits.ts; the counts, repositories/sample-answer-hits.ts.
import { AppError, forbidden, requestIp, visitorKey, type WindowHit } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StudyContext } from '../../context';

export function sampleAnswers(ctx: StudyContext) {
  const hits = ctx.sampleAnswerHits;

  const sampleIssued = ctx.app.bus.rpc('content.rpc.sampleIssued', {
    failure: () => new AppError(503, 'Questions cannot be checked right now. Please try again in a moment.', 'CONTENT_UNAVAILABLE'),
  });
  async function issued(visitor: string, questionId: string): Promise<boolean> {
    return (await sampleIssued({ visitor, questionId })).issued;
  }

  function refuse(reply: FastifyReply, hit: WindowHit, period: 'hour' | 'day'): never {
    reply.header('retry-after', String(Math.ceil(hit.retryAfterMs / 1000)));
    const wait = period === 'hour' ? minutes(hit.retryAfterMs) : hours(hit.retryAfterMs);
    throw new AppError(429, `You have answered many sample questions ${period === 'hour' ? 'this hour' : 'today'}. Try again in ${wait}, or subscribe for full quizzes.`, 'RATE_LIMITED');
  }

  return {
    async admit(request: FastifyRequest, reply: FastifyReply, questionId: string) {
      const visitor = visitorKey(request);
      // One ceiling after another: a call refused by one takes no share of the next.
      const own = await hits.hitVisitor(visitor);
      if (!own.allowed) refuse(reply, own, 'hour');
      const address = await hits.hitAddress(requestIp(request));
      if (!address.allowed) refuse(reply, address, 'hour');
      if (request.user) {
        const day = await hits.hitAccountDay(visitor);
        if (!day.allowed) refuse(reply, day, 'day');
      }
      if (!(await issued(visitor, questionId))) {
        throw forbidden('This question was not in a sample quiz given to you. Start a sample quiz to practise it.', 'SAMPLE_NOT_ISSUED');
      }
    },
  };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const minutes = (ms: number) => plural(Math.ceil(ms / 60_000), 'minute');
const hours = (ms: number) => plural(Math.ceil(ms / 3_600_000), 'hour');
