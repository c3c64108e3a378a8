// A local stand-in for the load balancer in front of the gateways (production: a Kubernetes Service behind the
// Ingress, which sends traffic only to pods whose readiness probe passes; deploy/README.md). It forwards each HTTP
// request to the next backend, round robin, among those whose GET /readyz answered 200 at the last poll, so a
// gateway that drains (/readyz 503) gets no new requests while it finishes those it holds. A request that could not
// connect (the backend has gone) is sent to the next backend: nothing of it reached the first one.
//
//   node deploy/release/balancer.mjs <port> <backend URL> [<backend URL>...]
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';

/** The backend after `last` in round-robin order among the ready ones; among all when none is (the poll may lag). */
export function nextBackend(ready, last) {
  const n = ready.length;
  for (let step = 1; step <= n; step++) {
    const i = (last + step) % n;
    if (ready[i]) return i;
  }
  return (last + 1) % n;
}

/** Hop-by-hop headers a proxy does not pass on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function endToEnd(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/**
 * Starts the balancer on `port` in front of `backends` (base URLs). Returns `{ server, url, ready, close }`;
 * `ready` is the readiness each backend had at the last poll, every `pollMs`.
 */
export async function startBalancer({ port = 0, backends, pollMs = 250 }) {
  const targets = backends.map((b) => new URL(b));
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  const ready = targets.map(() => true);
  let last = -1;

  const poll = () => Promise.all(targets.map((t, i) => new Promise((resolve) => {
    const req = http.get({ host: t.hostname, port: t.port, path: '/readyz', agent: agents[i], timeout: 2000 }, (res) => {
      res.resume();
      ready[i] = res.statusCode === 200;
      resolve();
    });
    req.on('timeout', () => req.destroy(new Error('readiness timed out')));
    req.on('error', () => { ready[i] = false; resolve(); });
  })));
  const timer = setInterval(() => void poll(), pollMs);
  await poll();

  /** Sends the buffered request to backend `i`; on a refused connection, once more to the next one. */
  function forward(clientReq, clientRes, body, i, attemptsLeft) {
    const t = targets[i];
    const upstream = http.request({
      host: t.hostname, port: t.port, method: clientReq.method, path: clientReq.url, agent: agents[i],
      headers: { ...endToEnd(clientReq.headers), 'content-length': String(body.length), 'x-forwarded-for': clientReq.socket.remoteAddress ?? '' },
    }, (res) => {
      clientRes.writeHead(res.statusCode ?? 502, endToEnd(res.headers));
      res.pipe(clientRes);
    });
    upstream.on('error', (err) => {
      if (err.code === 'ECONNREFUSED') ready[i] = false;
      const nothingSent = err.code === 'ECONNREFUSED';
      // A kept-alive socket the backend closed as the request went out: repeated only when safe to repeat.
      const safe = (clientReq.method === 'GET' || clientReq.method === 'HEAD') && (err.code === 'ECONNRESET' || err.message === 'socket hang up');
      if ((nothingSent || safe) && attemptsLeft > 0 && !clientRes.headersSent) {
        last = nextBackend(ready, i);
        return forward(clientReq, clientRes, body, last, attemptsLeft - 1);
      }
      if (!clientRes.headersSent) clientRes.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: `balancer: ${err.code ?? err.message}` }));
      else clientRes.destroy(err);
    });
    upstream.end(body);
  }

  const server = http.createServer((clientReq, clientRes) => {
    const chunks = [];
    clientReq.on('data', (c) => chunks.push(c));
    clientReq.on('end', () => {
      last = nextBackend(ready, last);
      forward(clientReq, clientRes, Buffer.concat(chunks), last, targets.length - 1);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    server, url, ready,
    close: async () => {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const a of agents) a.destroy();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [port, ...backends] = process.argv.slice(2);
  if (!port || backends.length === 0) {
    console.error('usage: node deploy/release/balancer.mjs <port> <backend URL> [<backend URL>...]');
    process.exit(2);
  }
  const b = await startBalancer({ port: Number(port), backends });
  console.log(`balancer on ${b.url} in front of ${backends.join(', ')}`);
  process.on('SIGTERM', () => void b.close().then(() => process.exit(0)));
  process.on('SIGINT', () => void b.close().then(() => process.exit(0)));
}
