// The public answer call scores sample questions for anyone, so left open it would hand out the bank's keys one
// question at a time. A sample answer is scored only for a question that svc-content gave this visitor in a sample
// quiz (content.rpc.sampleIssued), and within ceilings counted exactly on any number of replicas:
// - per visitor (a signed-in user by id, else by address), an hour;
// - per address, an hour, for everyone behind it signed in or not: accounts are free, so making more of them at one
//   address gains nothing;
// - per account, a day: what one free account yields does not grow with the hours it is used.
import { AppError, WindowCounter, forbidden, requestIp, visitorKey, type WindowHit } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StudyContext } from '../../context';

const HOUR = 3_600_000;
/** Six sample quizzes of ten questions an hour, per visitor. */
export const SAMPLE_ANSWERS = { limit: 60, windowMs: HOUR };
/** Twelve sample quizzes an hour for everyone behind one address. */
export const SAMPLE_ANSWERS_PER_ADDRESS = { limit: 120, windowMs: HOUR };
/** Ten sample quizzes a day per account. */
export const SAMPLE_ANSWERS_PER_ACCOUNT_DAY = { limit: 100, windowMs: 24 * HOUR };

export function sampleAnswers(ctx: StudyContext) {
  const now = () => ctx.now();
  const perVisitor = new WindowCounter(ctx.app.db, SAMPLE_ANSWERS, { collection: 'sample_answer_hits', now });
  const perAddress = new WindowCounter(ctx.app.db, SAMPLE_ANSWERS_PER_ADDRESS, { collection: 'sample_answer_hits_address', now });
  const perAccountDay = new WindowCounter(ctx.app.db, SAMPLE_ANSWERS_PER_ACCOUNT_DAY, { collection: 'sample_answer_hits_account_day', now });

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
      const own = await perVisitor.hit(visitor);
      if (!own.allowed) refuse(reply, own, 'hour');
      const address = await perAddress.hit(`ip:${requestIp(request)}`);
      if (!address.allowed) refuse(reply, address, 'hour');
      if (request.user) {
        const day = await perAccountDay.hit(visitor);
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
