// `npm run cluster`'s layout (deploy/local/cluster-config.mjs) and its local balancer (deploy/local/balancer.mjs).
import { connect, createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startBalancer } from '../local/balancer.mjs';
import { clusterNatsUrl, clusterTopology, natsNodeArgs, tryOrder } from '../local/cluster-config.mjs';

describe('cluster layout', () => {
  const cluster = clusterTopology(22_000);

  it('gives every NATS node, replica and balancer its own port, all below the ephemeral range', () => {
    const ports = [
      cluster.mongoPort, cluster.gatewayPort, cluster.oidcPort, ...Object.values(cluster.standIns), ...Object.values(cluster.services),
      ...cluster.nats.flatMap((n) => [n.clientPort, n.routePort, n.monitorPort]), ...Object.values(cluster.replicas).flat(),
    ];
    expect(new Set(ports).size).toBe(ports.length);
    expect(Math.max(...ports)).toBeLessThan(32_768);
    expect(Object.values(cluster.replicas).every((r) => r.length === 2)).toBe(true);
  });

  it('routes each NATS node to the two others, with its own name and store', () => {
    const args = cluster.nats.map((_, i) => natsNodeArgs(cluster, i, '/data'));
    const value = (a, flag) => a[a.indexOf(flag) + 1];
    expect(args.map((a) => value(a, '-n'))).toEqual(['nats-1', 'nats-2', 'nats-3']);
    expect(new Set(args.map((a) => value(a, '-sd'))).size).toBe(3);
    expect(value(args[0], '--routes').split(',')).toEqual([`nats://127.0.0.1:${cluster.nats[1].routePort}`, `nats://127.0.0.1:${cluster.nats[2].routePort}`]);
    expect(args.every((a) => a.includes('-js') && value(a, '--cluster_name') === 'lp-local')).toBe(true);
    expect(clusterNatsUrl(cluster).split(',')).toHaveLength(3);
  });

  it('takes replicas in turn, or the first while it is up for a primary/standby service', () => {
    expect([0, 1, 2].map((turn) => tryOrder([1, 2], turn, false))).toEqual([[1, 2], [2, 1], [1, 2]]);
    expect([0, 1].map((turn) => tryOrder([1, 2], turn, true))).toEqual([[1, 2], [1, 2]]);
  });
});

describe('local balancer', () => {
  const closers = [];
  afterAll(async () => { for (const close of closers.reverse()) await close(); });

  /** A replica that answers every connection with its own name. */
  async function replica(name) {
    const server = createServer((socket) => socket.end(name));
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => server.close(r)));
    return server;
  }
  const ask = (port) => new Promise((resolve, reject) => {
    let text = '';
    const s = connect({ port, host: '127.0.0.1' });
    s.on('data', (d) => { text += d; });
    s.on('close', () => resolve(text));
    s.on('error', reject);
  });
  const freePort = async () => {
    const s = createServer();
    await new Promise((r) => s.listen(0, '127.0.0.1', r));
    const { port } = s.address();
    await new Promise((r) => s.close(r));
    return port;
  };

  it('spreads connections over the replicas and skips one that is down', async () => {
    const a = await replica('a');
    const b = await replica('b');
    const port = await freePort();
    const balancer = await startBalancer({ port, targets: [a.address().port, b.address().port] });
    closers.push(() => balancer.close());
    expect([await ask(port), await ask(port), await ask(port), await ask(port)].sort()).toEqual(['a', 'a', 'b', 'b']);
    await new Promise((r) => b.close(r));
    expect([await ask(port), await ask(port), await ask(port)]).toEqual(['a', 'a', 'a']);
  });

  it('sends a primary/standby service to its first replica, and to the second only when the first is down', async () => {
    const a = await replica('a');
    const b = await replica('b');
    const port = await freePort();
    const balancer = await startBalancer({ port, targets: [a.address().port, b.address().port], primaryStandby: true });
    closers.push(() => balancer.close());
    expect([await ask(port), await ask(port)]).toEqual(['a', 'a']);
    await new Promise((r) => a.close(r));
    expect([await ask(port), await ask(port)]).toEqual(['b', 'b']);
  });
});
