// A gateway replaced in a release: /readyz 503 while draining (the balancer in front stops choosing it), then it
// closes with the calls it is forwarding answered.
import { drainAndClose } from '@lp/service-kit/edge';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from './helpers';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

const entered = deferred();
const release = deferred();
const slowContent = Fastify();
let slowUrl: string;
beforeAll(async () => {
  slowContent.get('/healthz', async () => ({ status: 'ok' }));
  slowContent.all('/*', async () => {
    entered.resolve();
    await release.promise;
    return { answered: true };
  });
  slowUrl = await slowContent.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { release.resolve(); await slowContent.close(); });

const setup = gatewayForFile({ gateway: ({ services }) => ({ natsUrl: null, upstreams: { ...services.urls, content: slowUrl } }), listen: true });

describe('draining the gateway', () => {
  it('answers /readyz 503 during the grace, then closes with a forwarded call in flight answered', async () => {
    expect((await fetch(`${setup.base}/readyz`)).status).toBe(200);
    const call = fetch(`${setup.base}/api/chapters/64b7f0c2a1b2c3d4e5f60718`);
    await entered.promise;

    const grace = deferred();
    const closing = drainAndClose(setup.gateway, 5000, () => grace.promise);
    const ready = await fetch(`${setup.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });

    grace.resolve();
    while (setup.gateway.server.listening) await new Promise((r) => setImmediate(r));
    release.resolve();
    const res = await call;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ answered: true });
    await closing;
  });
});
