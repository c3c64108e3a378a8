// Issue 26 item 3: a sign-out is honoured at once while NATS (the feed of ended sessions) is down, by a service
// directly and through the gateway; a session that did not end keeps working while identity can say so; with
// identity down too, the safe answer is to refuse (503, retried by the clients, the cookie kept).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgain, stopProcess, waitForPort } from '../local/processes.mjs';
import { signInNewLearner } from '../local/sign-in.mjs';
import { startOwnStack } from './support/own-stack.mjs';

let stack;
beforeAll(async () => { stack = await startOwnStack({ slot: 0, only: ['identity', 'study'] }); });
afterAll(async () => { await stack?.stop(); });

/** GET /api/sessions/stats (signed-in only) with a cookie: its status. */
async function stats(base, cookie) {
  const res = await fetch(`${base}/api/sessions/stats`, { headers: { cookie, origin: base } });
  await res.arrayBuffer();
  return res.status;
}

async function until(probe, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const readiness = async (url) => fetch(`${url}/readyz`).then(async (r) => ({ ...(await r.json()), code: r.status }), () => ({ code: 0 }));

describe('sign-out while NATS is down', () => {
  it('refuses the signed-out cookie at study and through the gateway at once, keeps other sessions, and refuses when identity is down too', async () => {
    const study = stack.serviceUrl('study');
    const leaving = await signInNewLearner(stack.url, { name: 'Leaving Learner', email: `leaving-${Date.now()}@demo.test` });
    const staying = await signInNewLearner(stack.url, { name: 'Staying Learner', email: `staying-${Date.now()}@demo.test` });
    for (const cookie of [leaving, staying]) {
      expect(await stats(stack.url, cookie)).toBe(200);
      expect(await stats(study, cookie)).toBe(200);
    }

    await stopProcess(stack.handles.nats);
    await until(async () => (await readiness(study)).nats === false); // study has seen NATS go
    expect((await readiness(study)).code).toBe(503);

    const out = await fetch(`${stack.url}/api/logout`, { headers: { cookie: leaving }, redirect: 'manual' });
    expect(out.status).toBe(302);
    // No waiting: the very next calls refuse it.
    expect(await stats(study, leaving)).toBe(401);
    expect(await stats(stack.url, leaving)).toBe(401);
    // A session that did not end goes on (identity says so).
    expect(await stats(study, staying)).toBe(200);
    expect(await stats(stack.url, staying)).toBe(200);

    // Identity down as well: nobody can say whether a session ended, so it is refused, not served as a visitor's.
    await stopProcess(stack.services.identity);
    await new Promise((r) => setTimeout(r, 600)); // identity's last answer about `staying` (held 500 ms) runs out
    expect(await stats(study, staying)).toBe(503);
    expect(await stats(stack.url, staying)).toBe(503);
    expect(await stats(study, leaving)).toBe(401); // identity's answer that it ended is kept

    // NATS back: the feed catches up, and the ended session stays refused.
    startAgain(stack.handles.nats);
    await waitForPort(stack.handles.nats, stack.topo.natsPort);
    await until(async () => (await readiness(study)).nats === true);
    expect(await stats(study, leaving)).toBe(401);
  });
});
