// What travels on the EVENTS stream and what a durable consumer is made of.
import type { EventData, EventType } from '@lp/contracts';

export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  data: T;
}

export interface ConsumerDefinition<T = unknown> {
  /** Durable name, unique within the service, e.g. 'entitlements'. */
  name: string;
  /** One event type (subject); one consumer per type keeps us compatible with nats-server 2.9. */
  event: string;
  handle: (event: EventEnvelope<T>) => Promise<void>;
  /** How long a delivered message may stay un-acked before redelivery. */
  ackWaitMs?: number;
  /** Delay before a failed message is delivered again. */
  retryDelayMs?: number;
  maxDeliver?: number;
}

/** What a service's `consumers` returns: its consumers, each of its own event type. */
export type Consumers = ConsumerDefinition<never>[];

/**
 * A consumer of one event type, its handler typed by that event's contract (the bus checks each event against the
 * same contract before the handler runs), so a service never restates an event's shape.
 */
export function onEvent<T extends EventType>(
  event: T,
  name: string,
  handle: (event: EventEnvelope<EventData<T>>) => Promise<void>,
  options: Pick<ConsumerDefinition, 'ackWaitMs' | 'retryDelayMs' | 'maxDeliver'> = {},
): ConsumerDefinition<never> {
  return { name, event, handle, ...options };
}
