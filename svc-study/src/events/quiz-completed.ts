// study.quiz.completed: published once, when a session turns completed.
import { createHash } from 'node:crypto';
import type { QuizCompleted } from '@lp/contracts';
import type { EventBus } from '@lp/service-kit';

/** The same session always gives the same event id, so a re-publish is dropped by NATS dedup. */
export function completionEventId(sessionId: string): string {
  const h = createHash('sha1').update(`study.quiz.completed:${sessionId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function publishQuizCompleted(bus: EventBus, data: QuizCompleted) {
  await bus.publish('study.quiz.completed', data, { id: completionEventId(data.sessionId) });
}
