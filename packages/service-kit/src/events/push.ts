// Push messages to browsers (issue 25 §3; schemas and the decision in @lp/contracts `push.ts`): a service sends a
// best-effort notification on core NATS, `push.user.<userId>`, and every gateway process follows `push.user.*` with
// one subscription and writes it to that user's open streams. Not JetStream and not the outbox: a lost message costs
// a browser nothing it cannot read again (it re-reads when its stream (re)opens, and polls while it has none).
import { PUSH_SUBJECTS, pushSubject, type PushMessage } from '@lp/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '../config';

type Logger = { warn: (obj: object, msg: string) => void };

/**
 * Sends one push message to a user's streams. Never throws: the change it announces is already stored, and a
 * notification that cannot be sent (NATS down, connection closing) must not fail the call that made the change.
 */
export function publishPush(nc: NatsConnection, userId: string, message: PushMessage, log?: Logger) {
  try {
    if (nc.isClosed()) return;
    nc.publish(pushSubject(userId), JSON.stringify(message));
  } catch (err) {
    log?.warn({ err: (err as Error).message, type: message.type }, 'push message not sent');
  }
}

/**
 * For the gateway: its own NATS connection following every user's push subject; `deliver(userId, json)` gets the
 * raw JSON (the gateway checks it against the contract before writing it to a stream).
 */
export async function connectPushFeed(natsUrl: string, deliver: (userId: string, json: string) => void, { name = 'push' }: { name?: string } = {}) {
  const nc = await connect({ servers: natsServers(natsUrl), name, maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
  const prefix = PUSH_SUBJECTS.slice(0, -1); // 'push.user.'
  const sub = nc.subscribe(PUSH_SUBJECTS);
  void (async () => {
    for await (const m of sub) deliver(m.subject.slice(prefix.length), m.string());
  })();
  return {
    close: async () => {
      sub.unsubscribe();
      await nc.drain().catch(() => nc.close());
    },
  };
}
