// Slow clients and slow services (src/idle.ts): a client that stalls its body is cut off after the idle limit; a
// service that takes longer than that limit still gets its answer to the caller, on the fast path and off it. Idle
// keep-alive connections (src/connections.ts) are closed after the keep-alive limit, never during a call.
import { connect, type AddressInfo } from 'node:net';
import { createSessionVerifier } from '@lp/service-kit';
import { describe, expect, it } from 'vitest';
import { gatewayForFile, startGateway, type Echo } from './helpers';

const IDLE_MS = 300;
const KEEP_ALIVE_MS = 500;
const setup = gatewayForFile({ gateway: ({ keys }) => ({ verifier: createSessionVerifier(keys.publicKey), socketIdleMs: IDLE_MS }), listen: true });

describe('the idle limit', () => {
  it('does not cut a caller off while a service takes longer than it (a GET, and a POST once its body is in)', async () => {
    const cookie = `lp_session=${await setup.keys.session('64b7f0c2a1b2c3d4e5f60718')}`;
    await fetch(`${setup.base}/api/sessions/stats`, { headers: { cookie } }); // verified once, then the fast path
    const slowGet = await fetch(`${setup.base}/api/sessions/stats?delayMs=${IDLE_MS * 3}`, { headers: { cookie } });
    expect(slowGet.status).toBe(200);
    expect(((await slowGet.json()) as Echo).url).toBe(`/api/sessions/stats?delayMs=${IDLE_MS * 3}`);

    const slowPost = await fetch(`${setup.base}/api/webhooks/razorpay?delayMs=${IDLE_MS * 3}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'payment.captured' }),
    });
    expect(slowPost.status).toBe(200);
    expect(((await slowPost.json()) as Echo).bodyBytes).toBe(JSON.stringify({ event: 'payment.captured' }).length);
  });

  it('closes a connection that never sends anything', async () => {
    const socket = connect({ port: setup.port, host: '127.0.0.1' });
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    socket.on('error', () => {});
    const after = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
    socket.destroy();
    expect(after, 'the silent connection was still open after 5 s').not.toBeNull();
    expect(after!).toBeGreaterThanOrEqual(IDLE_MS - 50);
  });

  it('closes the connection of a client that stops sending its body, and keeps serving others', async () => {
    const socket = connect({ port: setup.port, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const closed = new Promise<number>((resolve) => {
      const started = Date.now();
      socket.on('data', () => {});
      socket.once('close', () => resolve(Date.now() - started));
    });
    socket.write('POST /api/webhooks/razorpay HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"event":');
    const after = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
    expect(after, 'the stalled connection was still open after 5 s').not.toBeNull();
    expect(after!).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect((await fetch(`${setup.base}/healthz`)).status).toBe(200);
  });

  it('keeps a connection open through a call longer than the keep-alive limit, then closes it once idle that long', async () => {
    // A gateway of its own: a client pool elsewhere in this file would race its short keep-alive limit.
    const own = await startGateway({ upstreams: setup.services.urls, verifier: createSessionVerifier(setup.keys.publicKey), socketIdleMs: IDLE_MS, keepAliveMs: KEEP_ALIVE_MS });
    try {
      await own.listen({ port: 0, host: '127.0.0.1' });
      const socket = connect({ port: (own.server.address() as AddressInfo).port, host: '127.0.0.1' });
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      let received = '';
      socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
      const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
      const answered = (n: number) => received.split('HTTP/1.1 200 OK').length - 1 >= n;
      const cookie = `lp_session=${await setup.keys.session('64b7f0c2a1b2c3d4e5f60718')}`;
      const call = (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`);

      call('/api/sessions/stats'); // verified by the Fastify app; the calls after it take the fast path
      await expect.poll(() => answered(1), { timeout: 5_000 }).toBe(true);
      call(`/api/sessions/stats?delayMs=${KEEP_ALIVE_MS * 3}`);
      await expect.poll(() => answered(2), { timeout: 5_000 }).toBe(true);
      call('/api/sessions/stats'); // the same connection, still open after the slow call
      await expect.poll(() => answered(3), { timeout: 5_000 }).toBe(true);
      const idleFrom = Date.now();
      const closedAt = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
      expect(closedAt, 'the idle keep-alive connection was still open after 5 s').not.toBeNull();
      expect(closedAt! - idleFrom).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
      socket.destroy();
    } finally {
      await own.close();
    }
  });
});
