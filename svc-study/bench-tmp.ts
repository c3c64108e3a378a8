import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { Q, newId, startHarness, subscribe, CHAPTER } from './test/support/harness';

const h = await startHarness();
h.clock.now = new Date();
const learner = newId();
await subscribe(h, learner);
await h.app.listen({ port: 0, host: '127.0.0.1' });
const addr = h.app.server.address() as { port: number };
const cookie = `lp_session=${await h.keys.session(learner, 'learner', { expiresIn: '1h' })}`;
const base = `http://127.0.0.1:${addr.port}`;
const run = (opts: autocannon.Options) => new Promise<autocannon.Result>((res, rej) => autocannon(opts, (e, r) => (e ? rej(e) : res(r))));
const qids = Object.values(Q).map((q) => q.questionId);
const chapterIds = [CHAPTER, ...Array.from({ length: 19 }, newId)];
for (const [name, opts] of [
  ['answers', { url: `${base}/api/answers`, method: 'POST', headers: { cookie, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req: any) => ({ ...req, body: JSON.stringify({ answerId: randomUUID(), questionId: qids[Math.floor(Math.random() * qids.length)], answer: 'Newton', timeSpent: 5 }) }) }] }],
  ['batch', { url: `${base}/api/chapters/progress/batch`, method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ chapterIds }) }],
] as const) {
  const r = await run({ ...(opts as autocannon.Options), connections: 20, duration: 8 });
  console.log(name, { reqPerSec: r.requests.average, p50: r.latency.p50, p95: (r.latency as any).p97_5, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, total: r.requests.total });
}
await h.close();
process.exit(0);
