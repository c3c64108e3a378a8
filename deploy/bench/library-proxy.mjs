// A measuring instrument for `npm run bench`, never part of the product: a stock library hop, Fastify with
// @fastify/http-proxy (on @fastify/reply-from and undici), as a team would write it instead of our own proxy.
// Nothing else: no session check, no rate limit, no headers of ours. If the gateway, with all its work, is not
// clearly faster than this, the hand-written proxy is not earning its place.
//   LIBRARY_PORT  LIBRARY_UPSTREAM (http://127.0.0.1:4001)
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const app = Fastify({ logger: false, keepAliveTimeout: 72_000 });
app.get('/healthz', async () => ({ status: 'ok' }));
await app.register(proxy, {
  upstream: process.env.LIBRARY_UPSTREAM ?? 'http://127.0.0.1:4001',
  prefix: '/api',
  rewritePrefix: '/api',
  // The same pool settings as the gateway and the floor.
  undici: { connections: 128, pipelining: 1, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 },
});
await app.listen({ port: Number(process.env.LIBRARY_PORT ?? 0), host: '127.0.0.1' });
console.log(`library proxy on ${app.server.address().port}`);
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
