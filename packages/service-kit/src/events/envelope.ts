// What travels on the EVENTS stream and what a durable consumer is made of.

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
