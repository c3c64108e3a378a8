// The gateway's own load shedding (upstreams.ts): calls beyond a service's gate are answered 503 OVERLOADED with
// Retry-After at once, instead of waiting in the connection pool's queue behind calls the service is slow to answer;
// once those are answered the service takes calls again.
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from './helpers';

// Two connections, and a gate of four in flight (queued or sent) per service.
const setup = gatewayForFile({ gateway: { natsUrl: null, upstreamConnections: 2, upstreamGate: { initialLimit: 4, minLimit: 4, maxLimit: 4 } }, listen: true });
let cookie: string;

beforeAll(async () => {
  cookie = `lp_session=${await setup.keys.session('64b7f0c2a1b2c3d4e5f60718')}`;
});

// Long enough that the gate is still full while the calls below are sent, even on a busy machine.
const SLOW_MS = 3000;

describe('a service slower than the calls coming for it', () => {
  it.each([
    ['a GET (fast path)', 'GET', '/api/sessions/stats'],
    ['an answer (POST, the Fastify path)', 'POST', '/api/answers'],
  ])('%s past the gate: 503 OVERLOADED + Retry-After at once (not queued behind the slow calls); taken again once they are answered', async (_what, method, path) => {
    const send = (query = '') => fetch(`${setup.base}${path}${query}`, {
      method, headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, ...(method === 'POST' ? { body: '{}' } : {}),
    });
    const slow = Array.from({ length: 4 }, () => send(`?delayMs=${SLOW_MS}`).then((res) => res.status));
    // The four are on their way (two sent, two queued) once the gate is full: a call then is refused. Calls are
    // sent until one is or the four have been answered (a busy machine may take a while to get them to the gate).
    let answered = false;
    void Promise.allSettled(slow).then(() => { answered = true; });
    let refused: Response | undefined;
    while (!refused && !answered) {
      const res = await send();
      if (res.status === 503) refused = res;
      else await res.body?.cancel();
    }
    expect(refused?.headers.get('retry-after')).toBe('1');
    expect(await refused!.json()).toMatchObject({ statusCode: 503, code: 'OVERLOADED' });
    expect(await Promise.all(slow)).toEqual([200, 200, 200, 200]);
    expect((await send()).status).toBe(200);
  });
});
