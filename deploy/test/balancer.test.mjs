// The local stand-in for the load balancer in front of the gateways (deploy/release/balancer.mjs): round robin over
// the backends whose /readyz answers 200, and a request that could not connect sent to the next backend.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBackend, startBalancer } from '../release/balancer.mjs';

describe('the next backend', () => {
  it('goes round the ready backends, skips one that is not ready, and tries all in turn when none is', () => {
    expect([nextBackend([true, true], -1), nextBackend([true, true], 0), nextBackend([true, true], 1)]).toEqual([0, 1, 0]);
    expect(nextBackend([true, false, true], 0)).toBe(2);
    expect(nextBackend([false, false], 0)).toBe(1);
  });
});

/** A backend that says its name (and echoes a body), with a readiness the test sets. */
async function backend(name) {
  const state = { ready: true };
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.writeHead(state.ready ? 200 : 503).end();
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, body: Buffer.concat(chunks).toString() })));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, state, url: `http://127.0.0.1:${server.address().port}` };
}

let a;
let b;
let gone;
const started = [];
beforeAll(async () => {
  a = await backend('a');
  b = await backend('b');
  const closed = await backend('gone');
  gone = closed.url;
  await new Promise((r) => closed.server.close(r));
});
afterAll(async () => {
  for (const s of started) await s.close();
  for (const x of [a, b]) await new Promise((r) => x.server.close(r));
});

async function nameOf(base, init) {
  const res = await fetch(`${base}/api/anything`, init);
  expect(res.status).toBe(200);
  return (await res.json()).name;
}

describe('the balancer', () => {
  it('sends requests to each ready backend in turn, and none to one whose /readyz answers 503 until it is ready again', async () => {
    const lb = await startBalancer({ backends: [a.url, b.url], pollMs: 20 });
    started.push(lb);
    const seen = [await nameOf(lb.url), await nameOf(lb.url)];
    expect(seen.sort()).toEqual(['a', 'b']);

    a.state.ready = false;
    while (lb.ready[0]) await new Promise((r) => setTimeout(r, 10));
    for (let i = 0; i < 6; i++) expect(await nameOf(lb.url)).toBe('b');
    a.state.ready = true;
    while ((await nameOf(lb.url)) !== 'a');
  });

  it('sends a request that could not connect (a POST with its body too) to the next backend', async () => {
    const lb = await startBalancer({ backends: [gone, b.url], pollMs: 60_000 });
    started.push(lb);
    lb.ready[0] = true; // as if the poll had not yet seen it go
    const res = await fetch(`${lb.url}/api/answers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"answer":"B"}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'b', body: '{"answer":"B"}' });
  });
});
