// The answers phase of the bench (issue 10, point 7): what the product sees when many learners answer, one
// question at a time each. 200 distinct learners (signed sessions, role learner) each start their free-trial full
// chapter quiz through the gateway; then an OPEN-LOOP generator sends answers at a fixed arrival rate, each arrival
// being the next learner (round robin) answering the next question of its quiz. Latency is measured from the
// arrival's scheduled time, so a slow system cannot hide queueing by slowing the generator down (no coordinated
// omission); a learner whose previous answer is still in flight sends the next one when it returns (a person
// answers one question at a time), and that wait counts in the latency too.
//
//   npm run bench:answers [-- --rate 200 --rates 200,150,100 --learners 200 --duration 15 --warmup 5 --no-search]
//   npm run bench:answers -- --phases 150:20,600:30,150:40 --learners 1000   (overload, then the load dropped: overload.mjs)
//   After the rates it searches the highest rate that holds p95 < 50 ms with 0 errors (up or down by a quarter from the
//   last rate, 8 s each), unless --no-search.
//   env: BENCH_ANSWERS_RATES ("200"), BENCH_ANSWERS_LEARNERS (200), BENCH_ANSWERS_DURATION (15 s),
//        BENCH_ANSWERS_WARMUP (5 s), BENCH_PORT_OFFSET (18000, when run alone),
//        BENCH_STUDY_NODE_ARGS (node arguments for svc-study, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"; alone only)
//
// Run alone, it starts FerretDB + NATS, svc-identity (with a signing key from session-key.mjs), svc-content,
// svc-study and the gateway (default gateway limits). `npm run bench` calls `benchAnswers` in its study phase.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { stopAll } from '../local/processes.mjs';
import { repoRoot, topology } from '../local/stack.mjs';
import { cpuMicros, cpuTimes } from './cpu.mjs';
import { formatPhaseTable, parsePhases, runPhases } from './overload.mjs';
import { call, must, percentile, startStudyStack, studyStackPids } from './study-stack.mjs';

const log = (msg) => console.log(`[bench:answers] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A 24-hex ObjectId for a bench learner: distinct per run and learner. */
function learnerId(run, i) {
  return `${run}${i.toString(16).padStart(6, '0')}`.padStart(24, 'b').slice(-24);
}

/** (Also the release test's, deploy/release/release-test.mjs.) Signs `count` new learners in, finds a seeded chapter with enough questions, and starts each one's trial quiz. */
export async function prepareLearners({ gatewayUrl, sign, dispatcher, count, minQuestions }) {
  const run = randomUUID().replace(/-/g, '').slice(0, 12);
  const ids = Array.from({ length: count }, (_, i) => learnerId(run, i));
  const cookies = await Promise.all(ids.map(async (id) => `lp_session=${await sign(id, 'learner')}`));
  const subjects = await must(call(dispatcher, gatewayUrl, cookies[0], 'GET', `/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`), 'GET /api/subjects/with-chapters');
  const chapter = subjects.flatMap((s) => s.chapters ?? []).sort((a, b) => (b.questionCount ?? 0) - (a.questionCount ?? 0))[0];
  if (!chapter || (chapter.questionCount ?? 0) < minQuestions) throw new Error(`no CBSE Class 12 chapter has ${minQuestions} questions (best: ${chapter?.questionCount})`);
  const all = await must(call(dispatcher, gatewayUrl, cookies[0], 'GET', `/api/questions/chapter/${chapter.id}`), 'GET /api/questions/chapter/:id');
  const questions = all.filter((q) => q.options?.length).slice(0, 200);
  if (questions.length < minQuestions) throw new Error(`chapter ${chapter.id} has only ${questions.length} questions with options`);
  const learners = new Array(count);
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < count) {
      const i = next++;
      // Set-up is not measured: a 503 (content slow to answer on a busy machine) is retried.
      let started;
      for (let attempt = 1; ; attempt++) {
        started = await call(dispatcher, gatewayUrl, cookies[i], 'POST', '/api/sessions', { mode: 'full', chapterId: chapter.id, questionsCount: questions.length })
          .catch((err) => ({ status: err.code ?? 'error', body: String(err.message) }));
        if ((started.status !== 503 && typeof started.status === 'number') || attempt === 5) break;
        await sleep(500 * attempt);
      }
      const session = await must(Promise.resolve(started), `POST /api/sessions (learner ${i})`);
      const inSession = new Set(session.questionIds ?? questions.map((q) => q.id));
      learners[i] = { cookie: cookies[i], sessionId: session.id, questions: questions.filter((q) => inSession.has(q.id)), next: 0, busy: null };
    }
  }));
  return { chapter, questions: questions.length, learners };
}

/**
 * One open-loop run at `rate` answers/s: `warmup` seconds not recorded, then `duration` seconds recorded.
 * `pids` maps a name to a process id (undefined = this process) whose CPU is read before and after the window.
 */
async function openLoop({ gatewayUrl, dispatcher, learners, rate, duration, warmup, pids }) {
  const interval = 1000 / rate;
  const total = Math.round((warmup + duration) * rate);
  const firstMeasured = Math.round(warmup * rate);
  const latencies = [];
  const errors = {};
  const errorSamples = {};
  let waitedOnLearner = 0;
  let exhausted = 0;
  let inflight = 0;
  let maxInflight = 0;
  let cpuBefore = null;
  let timesBefore = null;
  let cpuAfter = null;
  let timesAfter = null;

  function send(i, scheduled) {
    const l = learners[i % learners.length];
    if (l.next >= l.questions.length) { l.next = 0; exhausted += 1; } // practice answers from here on (counted: false)
    const q = l.questions[l.next];
    const answer = q.options[(l.next * 7 + i) % q.options.length];
    l.next += 1;
    const measured = i >= firstMeasured;
    const previous = l.busy;
    if (previous && measured) waitedOnLearner += 1;
    inflight += 1;
    maxInflight = Math.max(maxInflight, inflight);
    const go = async () => {
      if (previous) await previous;
      let status;
      try {
        const res = await request(`${gatewayUrl}/api/answers`, {
          method: 'POST', dispatcher,
          headers: { cookie: l.cookie, origin: gatewayUrl, 'content-type': 'application/json' },
          body: JSON.stringify({ answerId: randomUUID(), questionId: q.id, answer, timeSpent: 5, sessionId: l.sessionId, mode: 'full' }),
          headersTimeout: 30_000, bodyTimeout: 30_000,
        });
        status = res.statusCode;
        await res.body.dump();
      } catch (err) {
        status = err.code ?? err.name ?? 'error';
        if (!errorSamples[status]) errorSamples[status] = String(err.message ?? err).slice(0, 160);
      }
      const latency = performance.now() - scheduled;
      inflight -= 1;
      if (!measured) return;
      latencies.push(latency);
      if (status !== 200) errors[status] = (errors[status] ?? 0) + 1;
    };
    const done = go();
    l.busy = done;
    return done;
  }

  // What each process burns with no answers arriving (relays, timers, their database reads): ms of CPU per second.
  const idleFrom = Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, cpuMicros(pid)]));
  await sleep(3000);
  const idleCpu = Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, (cpuMicros(pid) - idleFrom[n]) / 3000]));

  const all = [];
  const start = performance.now() + 20;
  let i = 0;
  while (i < total) {
    const now = performance.now();
    while (i < total && start + i * interval <= now) {
      if (i === firstMeasured) {
        timesBefore = cpuTimes();
        cpuBefore = Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, cpuMicros(pid)]));
      }
      all.push(send(i, start + i * interval));
      i += 1;
    }
    const wait = start + i * interval - performance.now();
    if (wait > 1) await sleep(Math.min(wait, 5)); else await new Promise((r) => setImmediate(r));
  }
  const windowEnd = performance.now();
  const arrivalsEnd = start + total * interval;
  // CPU is read from the first measured arrival until the last measured answer returned (or 60 s passed), and
  // divided by the answers that succeeded: the cost of an answer that did its work, also when overloaded.
  await Promise.race([Promise.all(all), sleep(60_000)]);
  const completedBy = performance.now();
  timesAfter = cpuTimes();
  cpuAfter = Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, cpuMicros(pid)]));
  const measuredCount = total - firstMeasured;
  latencies.sort((a, b) => a - b);
  const finished = { ...errors };
  const lost = measuredCount - latencies.length;
  if (lost > 0) finished.unfinished = lost;
  const ok = latencies.length - Object.values(errors).reduce((a, b) => a + b, 0);
  const cpu = Object.fromEntries(Object.keys(pids).map((n) => [n, ok > 0 ? (cpuAfter[n] - cpuBefore[n]) / ok : NaN]));
  return {
    rate, learners: learners.length, duration, warmup,
    sent: measuredCount, answered: latencies.length,
    // Achieved: successful answers over the time from the first measured arrival to the last answer back.
    achieved: ok / ((completedBy - (start + firstMeasured * interval)) / 1000),
    sendLagMs: windowEnd - arrivalsEnd,
    p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN,
    ok, errors: finished, errorSamples, errorCount: Object.values(finished).reduce((a, b) => a + b, 0),
    waitedOnLearner, exhausted, maxInflight,
    cpuMicrosPerAnswer: cpu, idleCpuMsPerSecond: idleCpu,
    stealPercent: (100 * (timesAfter.steal - timesBefore.steal)) / (timesAfter.total - timesBefore.total),
  };
}

function format(r) {
  const ms = (x) => `${x.toFixed(0)} ms`;
  const errs = r.errorCount ? Object.entries(r.errors).map(([s, n]) => `${s}×${n}`).join(', ') : '0';
  const cpuTotal = Object.values(r.cpuMicrosPerAnswer).reduce((a, b) => a + b, 0);
  return [
    `  ${String(r.rate).padStart(4)}/s offered → ${r.achieved.toFixed(0).padStart(4)}/s achieved   p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   p99 ${ms(r.p99)}   max ${ms(r.max)}   errors ${errs}   (${r.ok} of ${r.sent} answers OK, steal ${r.stealPercent.toFixed(1)} %)`,
    r.ok === 0 ? '        CPU per answer: n/a (no answer succeeded)' : `        CPU per answer: ${Object.entries(r.cpuMicrosPerAnswer).map(([n, us]) => `${n} ${us.toFixed(0)} µs`).join(', ')}, total ${cpuTotal.toFixed(0)} µs`
      + `; answers that waited on the learner's previous one ${r.waitedOnLearner}, peak in flight ${r.maxInflight}`
      + (r.exhausted ? `, quizzes exhausted ${r.exhausted} (practice answers)` : ''),
    `        idle, before the run (CPU ms per s): ${Object.entries(r.idleCpuMsPerSecond).map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', ')}`,
    ...Object.entries(r.errorSamples).map(([s, m]) => `        ${s}: ${m}`),
    `        target p95 < 50 ms, 0 errors: ${r.p95 < 50 && r.errorCount === 0 ? 'MET' : 'NOT MET'}`,
  ].join('\n');
}

/**
 * The phase: for each rate, a fresh set of learners (each with a new trial quiz), then the open loop.
 * `topo` finds the processes to account CPU to by their ports.
 */
export async function benchAnswers({ gatewayUrl, sign, topo, rates = [200], learners = 200, duration = 15, warmup = 5, findMax = false }) {
  const dispatcher = new Agent({ connections: 1024, pipelining: 1, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });
  const pids = studyStackPids(topo);
  const rows = [];
  const load = loadavg()[0];
  for (const rate of rates) {
    const needed = Math.ceil(((warmup + duration) * rate) / learners);
    const prep = await prepareLearners({ gatewayUrl, sign, dispatcher, count: learners, minQuestions: Math.min(25, needed) });
    log(`${learners} learners, trial quiz of chapter ${prep.chapter.id} (${prep.questions} questions each; ${needed} answers each at ${rate}/s); ${warmup} s warm-up + ${duration} s`);
    const r = await openLoop({ gatewayUrl, dispatcher, learners: prep.learners, rate, duration, warmup, pids });
    rows.push(r);
    log(`${rate}/s, ${prep.learners.length} more learners:\n${format(r)}`);
  }
  const search = findMax ? await highestRate({ gatewayUrl, sign, dispatcher, learners, pids, from: rows.at(-1) }) : null;
  await dispatcher.destroy();
  console.log(`\nPOST /api/answers through the gateway, open loop: ${learners} distinct learners (round robin, one answer in flight each), `
    + `latency from the scheduled send; ${cpus().length} CPUs, load average at start ${load.toFixed(1)}`);
  for (const r of rows) console.log(format(r));
  if (search) {
    for (const r of search.tried) console.log(format(r));
    console.log(`  highest rate holding p95 < 50 ms with 0 errors: ${search.best ? `${search.best.rate}/s (p95 ${search.best.p95.toFixed(0)} ms)` : `none of ${search.tried.map((r) => r.rate).join(', ')}/s`}`
      + (search.next ? `; ${search.next.rate}/s did not (p95 ${search.next.p95.toFixed(0)} ms, errors ${search.next.errorCount})` : ''));
  }
  return { rows, search };
}

const meets = (r) => r.p95 < 50 && r.errorCount === 0;

/**
 * The highest rate that holds p95 < 50 ms with 0 errors: from the last measured rate, up by a quarter while it holds
 * (or down by a quarter until it does), each step with 200 new learners, 3 s warm-up and 8 s measured.
 */
async function highestRate({ gatewayUrl, sign, dispatcher, learners, pids, from }) {
  const tried = [];
  let best = from && meets(from) ? from : null;
  let next = from && !meets(from) ? from : null;
  let rate = from ? (meets(from) ? Math.round(from.rate * 1.25) : Math.round(from.rate * 0.75)) : 100;
  for (let step = 0; step < 6 && rate >= 5; step++) {
    const prep = await prepareLearners({ gatewayUrl, sign, dispatcher, count: learners, minQuestions: Math.min(25, Math.ceil((11 * rate) / learners)) });
    const r = await openLoop({ gatewayUrl, dispatcher, learners: prep.learners, rate, duration: 8, warmup: 3, pids });
    tried.push(r);
    log(`search ${rate}/s:\n${format(r)}`);
    if (meets(r)) {
      if (!best || r.rate > best.rate) best = r;
      if (next && next.rate <= Math.round(rate * 1.1)) break;
      rate = Math.round(rate * 1.25);
    } else {
      if (!next || r.rate < next.rate) next = r;
      if (best) break;
      rate = Math.round(rate * 0.75);
    }
  }
  return { best, next, tried };
}

/** `--phases`: overload then recovery (overload.mjs), every answer retried as the browser's queue does. */
async function benchPhases({ gatewayUrl, sign, phases, learners }) {
  const dispatcher = new Agent({ connections: 4096, pipelining: 1, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });
  const arrivals = phases.reduce((n, p) => n + p.rate * p.seconds, 0);
  const prep = await prepareLearners({ gatewayUrl, sign, dispatcher, count: learners, minQuestions: Math.min(20, Math.ceil(arrivals / learners)) });
  const load = loadavg()[0];
  const started = new Date();
  log(`${learners} learners, trial quiz of chapter ${prep.chapter.id}; phases ${phases.map((p) => `${p.rate}/s × ${p.seconds} s`).join(', ')}`);
  const rows = await runPhases({ gatewayUrl, dispatcher, learners: prep.learners, phases, log });
  await dispatcher.destroy();
  console.log(`\nPOST /api/answers through the gateway by phase, ${learners} learners (one answer at a time each), answers retried as the browser's queue does; `
    + `${started.toISOString().slice(0, 16)} UTC, ${cpus().length} CPUs, load average at start ${load.toFixed(1)}`);
  console.log(formatPhaseTable(rows));
}

// ---- run alone: `npm run bench:answers` ----

async function main() {
  const { values } = parseArgs({ options: {
    rate: { type: 'string' }, rates: { type: 'string' }, learners: { type: 'string' }, duration: { type: 'string' }, warmup: { type: 'string' },
    'no-search': { type: 'boolean' }, phases: { type: 'string' },
  } });
  const phases = values.phases ? parsePhases(values.phases) : null;
  const rates = (values.rates ?? values.rate ?? process.env.BENCH_ANSWERS_RATES ?? '200').split(',').map(Number).filter((x) => x > 0);
  const topo = topology(Number(process.env.BENCH_PORT_OFFSET ?? 18_000));
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, '.data', 'bench-answers-'));
  const logs = join(dataDir, 'logs');
  let code = 1;
  try {
    const nodeArgs = process.env.BENCH_STUDY_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const { gatewayUrl, sign } = await startStudyStack({ topo, dataDir, studyNodeArgs: nodeArgs });
    log(`stack up on ports +${topo.gatewayPort - 8080} (data in ${dataDir})`);
    if (phases) await benchPhases({ gatewayUrl, sign, phases, learners: Number(values.learners ?? process.env.BENCH_ANSWERS_LEARNERS ?? 1000) });
    else await benchAnswers({
      gatewayUrl, sign, topo, rates,
      learners: Number(values.learners ?? process.env.BENCH_ANSWERS_LEARNERS ?? 200),
      duration: Number(values.duration ?? process.env.BENCH_ANSWERS_DURATION ?? 15),
      warmup: Number(values.warmup ?? process.env.BENCH_ANSWERS_WARMUP ?? 5),
      findMax: !values['no-search'],
    });
    code = 0;
  } catch (err) {
    console.error(`[bench:answers] failed: ${err.stack ?? err}`);
  } finally {
    await stopAll();
    if (code === 0 && !process.env.BENCH_KEEP_LOGS) rmSync(dataDir, { recursive: true, force: true });
    else console.error(`[bench:answers] logs kept in ${logs}`);
  }
  process.exit(code);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
