// `npm run cluster`'s layout, as pure functions: three NATS JetStream nodes routed to each other, and two replicas of
// every service behind a local balancer that listens where the single service listens in `topology` (so the gateway,
// the services and the tests find each service at the same URL as in every other stack).
import { join } from 'node:path';
import { SERVICES, topology } from './stack.mjs';

export const NATS_NODES = 3;
export const REPLICAS = 2;
export const NATS_CLUSTER_NAME = 'lp-local';

/**
 * The embedded default's OpenID provider lives inside svc-identity with per-process keys and client secret, so a
 * sign-in begun on one identity replica must finish on it: identity's balancer sends every connection to its first
 * replica while that one is up (the second takes over when it is not). With Google sign-in both would serve.
 */
export const PRIMARY_STANDBY = new Set(['identity']);

/** Ports of the cluster stack at `offset`: `topology(offset)` plus the NATS nodes and the service replicas. */
export function clusterTopology(offset) {
  const topo = topology(offset);
  const nats = Array.from({ length: NATS_NODES }, (_, i) => ({
    name: `nats-${i + 1}`,
    clientPort: topo.natsPort + i,
    routePort: 6222 + offset + i,
    monitorPort: 8222 + offset + i,
  }));
  const replicas = Object.fromEntries(SERVICES.map((name, s) => [name, Array.from({ length: REPLICAS }, (_, r) => 5100 + offset + s * 10 + r)]));
  return { ...topo, nats, replicas };
}

/** NATS_URL for every process: all the nodes, comma-separated (the service kit splits it). */
export function clusterNatsUrl(cluster) {
  return cluster.nats.map((n) => `nats://127.0.0.1:${n.clientPort}`).join(',');
}

/** nats-server's arguments for node `i`: JetStream with its own store, routes to the other two. */
export function natsNodeArgs(cluster, i, dataDir) {
  const node = cluster.nats[i];
  const routes = cluster.nats.filter((_, j) => j !== i).map((n) => `nats://127.0.0.1:${n.routePort}`).join(',');
  return [
    '-a', '127.0.0.1', '-p', String(node.clientPort), '-m', String(node.monitorPort),
    '-n', node.name, '-js', '-sd', join(dataDir, node.name),
    '--cluster_name', NATS_CLUSTER_NAME, '--cluster', `nats://127.0.0.1:${node.routePort}`, '--routes', routes,
  ];
}

/** Which replicas a balancer should try for a new connection, in order: round-robin, or the first one first. */
export function tryOrder(targets, turn, primaryStandby) {
  if (primaryStandby) return [...targets];
  const start = turn % targets.length;
  return [...targets.slice(start), ...targets.slice(0, start)];
}
