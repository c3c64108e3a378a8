// Replacing running instances under load (issue 28 §2): `npm run release:test`.
//
// A stack with two instances of svc-content and two of svc-study behind each of two gateways (the gateway goes
// round the ready instances of a service: gateway/src/instances.ts), the two gateways behind a local stand-in for a
// load balancer (balancer.mjs). An open-loop load of answers (POST /api/answers, the answers bench's learners) and
// catalogue reads (GET /api/subjects/with-chapters) runs through the balancer the whole time. After a steady
// window, each service instance is replaced in turn (SIGTERM: the kit drains — /readyz 503 for LP_DRAIN_GRACE_MS so
// the gateways stop choosing it, then it closes with the calls in flight answered — and the new build, dist/ rebuilt and
// stamped with its own version, is started and waited for until ready; its /healthz must report that version), then each gateway the same way behind the balancer. Every request is counted in the
// phase it was sent in; latency runs from its scheduled send (no coordinated omission).
//
//   npm run release:test [-- --answers 20 --reads 20 --steady 20 --learners 200]
//   env: LP_RELEASE_PORT_OFFSET (20000; every port stays below 32768)
//
// Goal: 0 failed requests in every phase, and the p95 while replacing within 2× of the steady state's.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate, setTimeout } from 'node:timers';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { prepareLearners } from '../bench/answers.mjs';
import { sessionKey } from '../bench/session-key.mjs';
import { percentile } from '../bench/study-stack.mjs';
import { startAgain, startProcess, stopAll, stopProcess, waitForHttp } from '../local/processes.mjs';
import { repoRoot, serviceUrls, startInfrastructure, startService, topology } from '../local/stack.mjs';
import { startBalancer } from './balancer.mjs';
import { BUILT_ENTRY, buildSlices, rebuildSlices } from '../local/build-services.mjs';

const log = (msg) => console.log(`[release:test] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How long an instance says 503 before it closes: several of the gateways' (and the balancer's) readiness polls. */
const DRAIN_GRACE_MS = 1500;
const READY_POLL_MS = 250;
/** Ports of the second instances, beside the first ones' (topology(offset)). */
const SECOND_INSTANCE = 50;

/** Starts one instance of a service on `port`, its log beside the others; resolves once it answers /readyz. */
async function startInstance(name, label, port, env, logs) {
  await buildSlices([`svc-${name}`]);
  const h = startProcess(`svc-${name}-${label}`, process.execPath, BUILT_ENTRY,
    { cwd: join(repoRoot, `svc-${name}`), env: { ...env, PORT: String(port) }, logFile: join(logs, `svc-${name}-${label}.log`) });
  h.readyUrl = `http://127.0.0.1:${port}/readyz`;
  await waitForHttp(h, h.readyUrl, 90_000);
  return h;
}

async function startGatewayInstance(label, port, env, logs) {
  await buildSlices(['gateway']);
  const h = startProcess(`gateway-${label}`, process.execPath, BUILT_ENTRY,
    { cwd: join(repoRoot, 'gateway'), env: { ...env, PORT: String(port), STATIC_ROOT: repoRoot }, logFile: join(logs, `gateway-${label}.log`) });
  h.readyUrl = `http://127.0.0.1:${port}/readyz`;
  await waitForHttp(h, h.readyUrl, 60_000);
  return h;
}

/** The version an instance's /healthz reports (package version + commit). */
async function versionOf(handle) {
  return (await (await fetch(handle.readyUrl.replace('/readyz', '/healthz'))).json()).version;
}

/**
 * Drain and close (SIGTERM), start the new build, wait until ready: one instance replaced. The new build is dist/
 * rebuilt from the working tree and stamped with its own commit (LP_COMMIT), which /healthz must then report.
 */
async function replace(handle, commit) {
  const before = await versionOf(handle);
  const from = performance.now();
  await stopProcess(handle, 30_000);
  const stopped = performance.now();
  startAgain(handle, { env: { LP_COMMIT: commit } });
  await waitForHttp(handle, handle.readyUrl, 90_000);
  const after = await versionOf(handle);
  if (!after.endsWith(`+${commit}`)) throw new Error(`${handle.name} answers version ${after} after its replacement, not the new build's ${commit}`);
  log(`  ${handle.name}: ${before} drained and closed in ${((stopped - from) / 1000).toFixed(1)} s, ${after} ready ${((performance.now() - stopped) / 1000).toFixed(1)} s later`);
}

/**
 * The load: answers and catalogue reads at fixed arrival rates until `stop()`; each request counted under the phase
 * (`setPhase`) it was scheduled in.
 */
function startLoad({ url, dispatcher, learners, answersPerSecond, readsPerSecond }) {
  let phase = 'warm-up';
  const results = [];
  /** The first answer of each failing kind, to say what failed. */
  const samples = {};
  const pending = new Set();
  let stopped = false;
  let answerTurn = 0;

  async function one(kind, scheduled, at) {
    let status;
    try {
      if (kind === 'answer') {
        const l = learners[answerTurn++ % learners.length];
        const previous = l.busy;
        const go = (async () => {
          if (previous) await previous;
          if (l.next >= l.questions.length) l.next = 0; // practice answers from here on
          const q = l.questions[l.next];
          const answer = q.options[l.next % q.options.length];
          l.next += 1;
          const res = await request(`${url}/api/answers`, {
            method: 'POST', dispatcher, headersTimeout: 30_000, bodyTimeout: 30_000,
            headers: { cookie: l.cookie, origin: url, 'content-type': 'application/json' },
            body: JSON.stringify({ answerId: randomUUID(), questionId: q.id, answer, timeSpent: 5, sessionId: l.sessionId, mode: 'full' }),
          });
          if (res.statusCode !== 200) samples[res.statusCode] ??= `POST /api/answers: ${(await res.body.text()).slice(0, 200)}`;
          else await res.body.dump();
          return res.statusCode;
        })();
        l.busy = go.catch(() => {});
        status = await go;
      } else {
        const l = learners[Math.floor(Math.random() * learners.length)];
        const res = await request(`${url}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`, {
          method: 'GET', dispatcher, headersTimeout: 30_000, bodyTimeout: 30_000, headers: { cookie: l.cookie },
        });
        if (res.statusCode !== 200) samples[res.statusCode] ??= `GET catalogue: ${(await res.body.text()).slice(0, 200)}`;
        else await res.body.dump();
        status = res.statusCode;
      }
    } catch (err) {
      status = err.code ?? err.name ?? 'error';
      samples[status] ??= String(err.message ?? err).slice(0, 200);
    }
    results.push({ kind, phase: at, status, latency: performance.now() - scheduled });
  }

  async function loop(kind, rate) {
    const interval = 1000 / rate;
    const start = performance.now();
    for (let i = 0; !stopped; i++) {
      const scheduled = start + i * interval;
      for (let wait = scheduled - performance.now(); wait > 0; wait = scheduled - performance.now()) {
        if (wait > 1) await sleep(Math.min(wait, 5));
        else await new Promise((r) => setImmediate(r));
      }
      const p = one(kind, scheduled, phase);
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
  }

  const loops = [loop('answer', answersPerSecond), loop('read', readsPerSecond)];
  return {
    setPhase: (p) => { phase = p; },
    results, samples,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      await Promise.race([Promise.all(pending), sleep(60_000)]);
    },
  };
}

function summary(results, phase) {
  const rows = results.filter((r) => r.phase === phase);
  const of = (kind) => rows.filter((r) => kind === 'all' || r.kind === kind);
  const stats = (list) => {
    const lat = list.map((r) => r.latency).sort((a, b) => a - b);
    const failed = list.filter((r) => r.status !== 200);
    const byStatus = {};
    for (const r of failed) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    return { sent: list.length, failed: failed.length, byStatus, p50: percentile(lat, 50), p95: percentile(lat, 95), max: lat.at(-1) ?? NaN };
  };
  return { phase, all: stats(of('all')), answer: stats(of('answer')), read: stats(of('read')) };
}

function line(label, s) {
  const errs = s.failed ? ` (${Object.entries(s.byStatus).map(([k, n]) => `${k}×${n}`).join(', ')})` : '';
  return `    ${label.padEnd(8)} sent ${String(s.sent).padStart(5)}   failed ${s.failed}${errs}   p50 ${s.p50.toFixed(0)} ms   p95 ${s.p95.toFixed(0)} ms   max ${s.max.toFixed(0)} ms`;
}

async function main() {
  const { values } = parseArgs({ options: {
    answers: { type: 'string' }, reads: { type: 'string' }, steady: { type: 'string' }, learners: { type: 'string' },
  } });
  const answersPerSecond = Number(values.answers ?? 20);
  const readsPerSecond = Number(values.reads ?? 20);
  const steadySeconds = Number(values.steady ?? 20);
  // Enough learners that none finishes its quiz (a finished quiz refuses more answers: 409) during the run.
  const learnerCount = Number(values.learners ?? 200);
  const offset = Number(process.env.LP_RELEASE_PORT_OFFSET ?? 20_000);
  const topo = topology(offset);
  const ports = {
    content: [topo.services.content, topo.services.content + SECOND_INSTANCE],
    study: [topo.services.study, topo.services.study + SECOND_INSTANCE],
    gateway: [topo.gatewayPort, topo.gatewayPort + 10],
    balancer: topo.gatewayPort + 5,
  };
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, '.data', 'release-test-'));
  const logs = join(dataDir, 'logs');
  let code = 1;
  let balancer;
  const dispatcher = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
  try {
    const infraEnv = await startInfrastructure({ topo, dataDir, own: true });
    const { privateJwk, sign } = await sessionKey();
    const env = {
      ...infraEnv, ...serviceUrls(topo), LP_DATA_DIR: dataDir, LOG_LEVEL: 'warn', SESSION_SIGNING_JWK: privateJwk,
      OIDC_PORT: String(topo.oidcPort), PUBLIC_URL: `http://127.0.0.1:${ports.balancer}`,
      OTEL_METRICS_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'none', LP_DRAIN_GRACE_MS: String(DRAIN_GRACE_MS),
    };
    await startService('identity', { topo, env, logs });
    // One instance each of the others: a gateway is ready (its /readyz, which the balancer asks) only with every service.
    await Promise.all(['challenge', 'billing', 'feedback'].map((name) => startService(name, { topo, env, logs })));
    // One content first: it seeds the catalogue on its first start, the second finds it there.
    const contentA = await startInstance('content', 'a', ports.content[0], env, logs);
    const [contentB, studyA, studyB] = await Promise.all([
      startInstance('content', 'b', ports.content[1], env, logs),
      startInstance('study', 'a', ports.study[0], env, logs),
      startInstance('study', 'b', ports.study[1], env, logs),
    ]);
    const gatewayEnv = {
      ...env,
      CONTENT_URL: ports.content.map((p) => `http://127.0.0.1:${p}`).join(','),
      STUDY_URL: ports.study.map((p) => `http://127.0.0.1:${p}`).join(','),
      GATEWAY_UPSTREAM_READY_POLL_MS: String(READY_POLL_MS),
    };
    const gateways = await Promise.all(ports.gateway.map((p, i) => startGatewayInstance(i === 0 ? 'a' : 'b', p, gatewayEnv, logs)));
    balancer = await startBalancer({ port: ports.balancer, backends: ports.gateway.map((p) => `http://127.0.0.1:${p}`), pollMs: READY_POLL_MS });
    log(`stack up: 2 × svc-content, 2 × svc-study (1 × the other services), 2 × gateway behind the balancer at ${balancer.url} (data in ${dataDir})`);

    const minQuestions = 20;
    const prep = await prepareLearners({ gatewayUrl: balancer.url, sign, dispatcher, count: learnerCount, minQuestions });
    log(`${learnerCount} learners on chapter ${prep.chapter.id}; load ${answersPerSecond} answers/s + ${readsPerSecond} catalogue reads/s`);

    const load = startLoad({ url: balancer.url, dispatcher, learners: prep.learners, answersPerSecond, readsPerSecond });
    await sleep(5000);
    load.setPhase('steady');
    log(`steady state: ${steadySeconds} s`);
    await sleep(steadySeconds * 1000);

    load.setPhase('services');
    log('replacing each service instance in turn');
    // The release: a new build of every back-end slice (what a deploy ships), then the instances one by one.
    const release = `release-${Date.now().toString(36)}`;
    await rebuildSlices(['svc-content', 'svc-study', 'gateway']);
    for (const h of [contentA, contentB, studyA, studyB]) await replace(h, release);
    load.setPhase('settle');
    await sleep(3000);

    load.setPhase('gateways');
    log('replacing each gateway in turn (behind the balancer)');
    for (const h of gateways) await replace(h, release);
    load.setPhase('after');
    await sleep(2000);
    await load.stop();

    const steady = summary(load.results, 'steady');
    const phases = [steady, summary(load.results, 'services'), summary(load.results, 'gateways')];
    const labels = { steady: 'steady state', services: 'replacing svc-content ×2 and svc-study ×2', gateways: 'replacing gateway ×2' };
    console.log(`\nRelease under load, through the balancer: ${answersPerSecond} answers/s + ${readsPerSecond} catalogue reads/s open loop, `
      + `${learnerCount} learners; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}; drain grace ${DRAIN_GRACE_MS} ms, readiness polled every ${READY_POLL_MS} ms`);
    let met = true;
    for (const s of phases) {
      console.log(`  ${labels[s.phase]}:`);
      console.log(line('all', s.all));
      console.log(line('answers', s.answer));
      console.log(line('reads', s.read));
      if (s.phase !== 'steady') {
        const ok = s.all.failed === 0 && s.all.p95 <= 2 * steady.all.p95;
        met &&= ok;
        console.log(`    goal (0 failed, p95 ≤ 2 × steady ${(2 * steady.all.p95).toFixed(0)} ms): ${ok ? 'MET' : 'NOT MET'}`);
      }
    }
    for (const [status, text] of Object.entries(load.samples)) console.log(`  ${status}: ${text}`);
    met &&= steady.all.failed === 0;
    code = met ? 0 : 1;
  } catch (err) {
    console.error(`[release:test] failed: ${err.stack ?? err}`);
  } finally {
    await balancer?.close();
    await dispatcher.destroy();
    await stopAll(20_000);
    if (code === 0 && !process.env.LP_RELEASE_KEEP_LOGS) rmSync(dataDir, { recursive: true, force: true });
    else console.error(`[release:test] logs kept in ${logs}`);
  }
  process.exit(code);
}

await main();
