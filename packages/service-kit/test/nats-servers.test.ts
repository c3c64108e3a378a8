import { pushSubject } from '@lp/contracts';
import { connect } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { natsServers } from '../src/config';
import { connectPushFeed } from '../src/events/push';
import { eventually } from '../src/testing/index';

// NATS_URL may name every node of a NATS cluster (`npm run cluster`), so a process starts while one node is down.
describe('NATS_URL with several servers', () => {
  it('splits a comma-separated list into the client server list', () => {
    expect(natsServers('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222']);
    expect(natsServers('nats://a:4222, nats://b:4222 ,nats://c:4222,')).toEqual(['nats://a:4222', 'nats://b:4222', 'nats://c:4222']);
  });

  it('connects through a live node while another one listed is down (real NATS)', async () => {
    // Port 1 on loopback: nothing listens there, like a killed cluster node. Listed last: the client, given the
    // list as one string, would keep only the last URL.
    const received: string[] = [];
    const feed = await connectPushFeed(`${process.env.NATS_URL!},nats://127.0.0.1:1`, (userId) => received.push(userId), { name: 'several-servers' });
    const publisher = await connect({ servers: process.env.NATS_URL! });
    try {
      const userId = `u${Date.now().toString(36)}`;
      await eventually(async () => {
        publisher.publish(pushSubject(userId), '{}');
        await publisher.flush();
        return received.includes(userId);
      });
      expect(received).toContain(userId);
    } finally {
      await publisher.close();
      await feed.close();
    }
  });
});
