// study.quiz.completed: recorded in the outbox with the completion it announces, published once.
import { eventId } from '@lp/service-kit';

/** The same session always gives the same event id, so a re-publish is dropped by NATS and by consumers. */
export const completionEventId = (sessionId: string) => eventId('study.quiz.completed', sessionId);
