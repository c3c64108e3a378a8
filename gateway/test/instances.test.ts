// Several instances of one service (`CONTENT_URL=http://a,http://b`): calls go round the ready ones; one draining
// (/readyz 503) or gone (connection refused) gets no calls, so replacing instances one by one fails no call.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextInstance } from '../src/instances';
import { gatewayForFile } from './helpers';

describe('the next instance', () => {
  it('goes round the ready instances in order', () => {
    expect(nextInstance([true, true, true], -1)).toBe(0);
    expect(nextInstance([true, true, true], 0)).toBe(1);
    expect(nextInstance([true, true, true], 2)).toBe(0);
  });

  it('skips an instance that is not ready', () => {
    expect(nextInstance([true, false, true], 0)).toBe(2);
    expect(nextInstance([false, true], 1)).toBe(1);
  });

  it('tries them in turn when none is ready', () => {
    expect(nextInstance([false, false], 0)).toBe(1);
    expect(nextInstance([false, false], 1)).toBe(0);
  });
});

/** A content instance that says which one answered, with a readiness that the test sets. */
async function startInstance(name: string) {
  const state = { ready: true };
  const app = Fastify();
  app.get('/readyz', async (_request, reply) => reply.code(state.ready ? 200 : 503).send({ status: state.ready ? 'ready' : 'draining' }));
  app.all('/*', async () => ({ instance: name }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, state };
}

let a: Awaited<ReturnType<typeof startInstance>>;
let b: Awaited<ReturnType<typeof startInstance>>;
/** A port nothing listens on: an instance stopped for its replacement. */
let gone: string;
beforeAll(async () => {
  a = await startInstance('a');
  b = await startInstance('b');
  const closed = Fastify();
  gone = await closed.listen({ port: 0, host: '127.0.0.1' });
  await closed.close();
});
afterAll(async () => { await a?.app.close(); await b?.app.close(); });

// Made after the instances above (beforeAll runs in order), with both URLs for content.
const twoReady = gatewayForFile({ gateway: ({ services }) => ({ natsUrl: null, upstreams: { ...services.urls, content: `${a.url},${b.url}` }, upstreamReadyPollMs: 20 }), listen: true });
// A poll that never comes during the test: the refused connection alone takes the stopped instance out.
const oneGone = gatewayForFile({ gateway: ({ services }) => ({ natsUrl: null, upstreams: { ...services.urls, content: `${gone},${b.url}` }, upstreamReadyPollMs: 60_000 }), listen: true });

async function instanceOf(base: string, init?: RequestInit): Promise<string> {
  const res = await fetch(`${base}/api/chapters/64b7f0c2a1b2c3d4e5f60718`, init);
  expect(res.status).toBe(200);
  return ((await res.json()) as { instance: string }).instance;
}

describe('a gateway in front of two instances', () => {
  it('sends calls to each in turn', async () => {
    const seen = [await instanceOf(twoReady.base), await instanceOf(twoReady.base), await instanceOf(twoReady.base), await instanceOf(twoReady.base)];
    expect(seen.filter((x) => x === 'a')).toHaveLength(2);
    expect(seen.filter((x) => x === 'b')).toHaveLength(2);
  });

  it('stops sending calls to an instance whose /readyz answers 503 (draining), and sends them again once it is ready', async () => {
    a.state.ready = false;
    // Once the poll has seen it: a few calls in a row on b.
    let inARow = 0;
    while (inARow < 4) inARow = (await instanceOf(twoReady.base)) === 'b' ? inARow + 1 : 0;
    for (let i = 0; i < 10; i++) expect(await instanceOf(twoReady.base)).toBe('b');
    a.state.ready = true;
    while ((await instanceOf(twoReady.base)) !== 'a');
  });

  it('answers every call when one instance refuses connections (stopped): the call is made again on the other', async () => {
    // The first call goes to the stopped instance first. A HEAD: the Fastify path, not the fast path's fallback.
    const head = await fetch(`${oneGone.base}/api/chapters/64b7f0c2a1b2c3d4e5f60718`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    for (let i = 0; i < 6; i++) expect(await instanceOf(oneGone.base)).toBe('b');
  });
});
