// The local stand-in for a Kubernetes Service in front of a service's replicas (`npm run cluster`): a TCP listener
// that hands each new connection to the next replica, and to the one after when a replica refuses (it is down or
// restarting). Connections are the unit, as with kube-proxy: the gateway's kept-alive pool spreads over both.
import { connect, createServer } from 'node:net';
import { tryOrder } from './cluster-config.mjs';

/** Listens on 127.0.0.1:`port`; `targets` are ports. Resolves with `{ close() }` once listening. */
export async function startBalancer({ port, targets, primaryStandby = false }) {
  let turn = 0;
  const sockets = new Set();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    const order = tryOrder(targets, turn++, primaryStandby);
    const attempt = (i) => {
      if (i >= order.length || client.destroyed) return client.destroy();
      const upstream = connect({ port: order[i], host: '127.0.0.1' });
      let connected = false;
      upstream.on('error', () => {
        if (connected) client.destroy(); // broke after connecting: the client's connection ends with it
        else attempt(i + 1); // refused: the next replica
      });
      upstream.once('connect', () => {
        connected = true;
        sockets.add(upstream);
        upstream.on('close', () => { sockets.delete(upstream); client.destroy(); });
        client.on('close', () => upstream.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    client.on('error', () => {});
    attempt(0);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
