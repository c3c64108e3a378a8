// The study phase of `npm run bench` (issue 5): through the gateway, as the demo subscriber, at a fixed
// concurrency — POST /api/chapters/progress/batch with 20 chapter ids, and POST /api/answers with a fresh
// answer id per request (each one is scored on the server and recorded).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startProcess, waitForHttp } from '../local/processes.mjs';
import { repoRoot } from '../local/stack.mjs';
import { BUILT_ENTRY, buildSlices } from '../local/build-services.mjs';

const DEMO_SUBSCRIBER = '64d1de000000000000000002'; // svc-identity's seeded "Ravi Subscriber"

export async function startStudyServices({ topo, env, logs }) {
  const started = [];
  for (const name of ['content', 'study']) {
    await buildSlices([`svc-${name}`]);
    const h = startProcess(`svc-${name}`, process.execPath, BUILT_ENTRY,
      { cwd: join(repoRoot, `svc-${name}`), env: { ...env, PORT: String(topo.services[name]) }, logFile: join(logs, `svc-${name}.log`) });
    started.push(waitForHttp(h, `http://127.0.0.1:${topo.services[name]}/readyz`, 180_000));
  }
  await Promise.all(started);
}

async function api(base, cookie, path, init = {}) {
  const res = await fetch(`${base}${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...init.headers } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** Waits for the seeded subscription to reach svc-study, then gathers 20 chapter ids and some questions. */
async function prepare(gatewayUrl, cookie) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await api(gatewayUrl, cookie, '/api/subscription/status');
    if (status.subscriptionStatus === 'active') break;
    if (Date.now() > deadline) throw new Error('the demo subscriber never became active in svc-study');
    await new Promise((r) => setTimeout(r, 500));
  }
  const chapters = [];
  for (const className of ['CBSE Class 12', 'CBSE Class 10']) {
    const subjects = await api(gatewayUrl, cookie, `/api/subjects/with-chapters?className=${encodeURIComponent(className)}`);
    for (const s of subjects) for (const c of s.chapters ?? []) chapters.push(c.id);
  }
  if (chapters.length < 20) throw new Error(`only ${chapters.length} chapters published; the bench needs 20`);
  const questions = [];
  for (const id of chapters.slice(0, 3)) {
    for (const q of await api(gatewayUrl, cookie, `/api/questions/chapter/${id}`)) {
      if (q.options?.length) questions.push({ id: q.id, options: q.options });
    }
  }
  return { chapterIds: chapters.slice(0, 20), questions };
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

function load({ url, connections, duration, requests }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon({ url, connections, duration, pipelining: 1, requests }, (err, result) => {
      if (err) return reject(err);
      latencies.sort((a, b) => a - b);
      resolve({ result, p95: percentile(latencies, 95), p99: percentile(latencies, 99) });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export async function benchStudy({ gatewayUrl, sign, connections = 20, duration = 10, warmup = 2 }) {
  const cookie = `lp_session=${await sign(DEMO_SUBSCRIBER, 'learner')}`;
  const { chapterIds, questions } = await prepare(gatewayUrl, cookie);
  const headers = { cookie, 'content-type': 'application/json' };
  const cases = [
    ['POST /api/chapters/progress/batch (20 ids)', [{ method: 'POST', path: '/api/chapters/progress/batch', headers, body: JSON.stringify({ chapterIds }) }]],
    ['POST /api/answers', [{
      method: 'POST', path: '/api/answers', headers,
      setupRequest: (req) => {
        const q = questions[Math.floor(Math.random() * questions.length)];
        const answer = q.options[Math.floor(Math.random() * q.options.length)];
        return { ...req, body: JSON.stringify({ answerId: randomUUID(), questionId: q.id, answer, timeSpent: 5 }) };
      },
    }]],
  ];
  const rows = [];
  for (const [name, requests] of cases) {
    if (warmup > 0) await load({ url: gatewayUrl, connections, duration: warmup, requests });
    const { result, p95, p99 } = await load({ url: gatewayUrl, connections, duration, requests });
    const bad = result.non2xx + result.errors + result.timeouts;
    if (bad > 0) {
      const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => `${code}×${count}`).join(', ');
      throw new Error(`${name}: ${result.non2xx} non-2xx (${codes}), ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total}`);
    }
    rows.push({ name, reqPerSec: result.requests.average, p50: result.latency.p50, p95, p99, total: result.requests.total });
  }
  console.log(`\nStudy routes through the gateway as the demo subscriber, ${connections} connections, ${duration} s each:`);
  for (const r of rows) {
    console.log(`  ${r.name.padEnd(44)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p95 ${Math.round(r.p95)} ms   p99 ${Math.round(r.p99)} ms   (${r.total} requests)`);
  }
  return rows;
}
