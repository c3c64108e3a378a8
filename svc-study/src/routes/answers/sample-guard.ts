// The public answer call scores sample questions for anyone, so without limits it would hand out the bank's keys.
// Each visitor (a signed-in user by id, else by client address) gets a bounded number of sample answers per hour.
import { AppError, WindowCounter } from '@lp/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StudyContext } from '../../context';

/** Five sample quizzes of ten questions an hour, with room for retries. */
export const SAMPLE_ANSWERS = { limit: 60, windowMs: 3_600_000 };

/** The caller's address as the gateway saw it: the gateway appends it last to X-Forwarded-For. */
export function visitorKey(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.sub}`;
  const forwarded = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  return `ip:${hops.at(-1) ?? request.ip}`;
}

export function sampleAnswers(ctx: StudyContext) {
  const counter = new WindowCounter(ctx.app.db, SAMPLE_ANSWERS, { collection: 'sample_answer_hits' });
  return {
    async admit(request: FastifyRequest, reply: FastifyReply) {
      const hit = await counter.hit(visitorKey(request));
      if (!hit.allowed) {
        reply.header('retry-after', String(Math.ceil(hit.retryAfterMs / 1000)));
        const minutes = Math.ceil(hit.retryAfterMs / 60_000);
        throw new AppError(429, `You have answered many sample questions this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or subscribe for full quizzes.`, 'RATE_LIMITED');
      }
    },
  };
}
