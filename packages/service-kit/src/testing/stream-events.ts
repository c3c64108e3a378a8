// What really reached JetStream: a test reads the envelopes of one event type from the EVENTS stream, to show an
// event was sent (once, with what data) rather than trusting the sender's word.
import { STREAM_NAME, type EventEnvelope, type EventType } from '@lp/contracts';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';

/**
 * Every envelope of `type` in the stream (since `since`, else all of it), duplicates included, read by a consumer of
 * the test's own that is deleted afterwards. `nats` is a connection (a service's `bus.nc`) or a server URL.
 */
export async function streamEvents<T extends EventType>(nats: NatsConnection | string, type: T, { since }: { since?: Date } = {}): Promise<Array<EventEnvelope<T>>> {
  const nc = typeof nats === 'string' ? await connect({ servers: nats }) : nats;
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.consumers.add(STREAM_NAME, {
      name: `probe_${randomBytes(6).toString('hex')}`, filter_subject: type, ack_policy: AckPolicy.None, inactive_threshold: 30e9,
      ...(since ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString() } : { deliver_policy: DeliverPolicy.All }),
    });
    try {
      const consumer = await jetstream(nc).consumers.get(STREAM_NAME, info.name);
      const found: Array<EventEnvelope<T>> = [];
      // What the stream held when the consumer was made; a batch that brings nothing more ends the read.
      while (found.length < info.num_pending) {
        let got = 0;
        for await (const m of await consumer.fetch({ max_messages: Math.min(500, info.num_pending - found.length), expires: 3000 })) {
          found.push(m.json<EventEnvelope<T>>());
          got++;
        }
        if (got === 0) break;
      }
      return found;
    } finally {
      await jsm.consumers.delete(STREAM_NAME, info.name).catch(() => undefined);
    }
  } finally {
    if (typeof nats === 'string') await nc.close();
  }
}
