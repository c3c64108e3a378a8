// Issue 25 §3, "ten thousand dashboards": push, with polling as the fallback, measured with k6 on this machine.
//
//   npm run bench:push                                   # 10,000 held streams, 200 of them answering every 10 s for 60 s
//   npm run bench:push -- --streams 2000 --answerers 50 --duration 20 --pace 2
//   npm run bench:push -- --polling                      # the fallback: the most students polling at p95 < 100 ms
//   npm run bench:push -- --polling --students 500,1000,2000 --duration 15
//   npm run bench:push -- --both --streams 300 --answerers 20 --duration 10 --pace 2 --students 100,200   # npm test's size
//   env: BENCH_PORT_OFFSET (17000), BENCH_KEEP_LOGS=1
//
// It builds k6 with our extension once (deploy/local/tools.mjs ensureK6Push, cached in ~/.cache/learnplatform/tools),
// starts FerretDB + NATS, svc-identity, svc-content, svc-study and the gateway on ports offset by BENCH_PORT_OFFSET,
// then makes the learners. Sessions are minted with a signing key made for this run and handed to svc-identity
// (SESSION_SIGNING_JWK, deploy/bench/session-key.mjs), exactly as identity signs them: the gateway and the services
// verify them with identity's JWKS like any other. No code path accepts them that production has: a production
// identity holds its own key (a secret), which this script never sees, so these cookies are refused there.
//
// Push mode runs deploy/k6/push.js (MODE=push) and reads the gateway's memory (VmRSS in /proc) before the streams open
// and while they are held, and its `/healthz` count of held streams: memory per held stream is the difference over
// the count. Polling mode runs deploy/k6/push.js (MODE=polling) at growing numbers of students (each polls every
// 5 s), then narrows between the last that held p95 < 100 ms and the first that did not.
//
// k6 runs under `ulimit -n` raised to the hard limit (20000 here): each held stream is a socket in k6 and in the
// gateway, and the default soft limit elsewhere is often 1024. The gateway is started by this process, whose limit it
// inherits; raise it in the shell that runs this when the soft limit is low (`ulimit -n 20000`).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setInterval, clearInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { startProcess, stopAll, waitForHttp } from '../local/processes.mjs';
import { repoRoot, serviceUrls, startInfrastructure, startService, topology } from '../local/stack.mjs';
import { ensureK6Push } from '../local/tools.mjs';
import { pidListeningOn } from './study-stack.mjs';
import { sessionKey } from './session-key.mjs';
import { BUILT_ENTRY, buildSlices } from '../local/build-services.mjs';

const log = (msg) => console.log(`[bench:push] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in bytes (VmRSS), or NaN. */
function rssOf(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb * 1024;
  } catch {
    return NaN;
  }
}

const mib = (bytes) => `${(bytes / 1048576).toFixed(1)} MiB`;

/** A set-up call through the gateway; a 503 (a service still warming up on a busy machine) is asked again. */
async function call(dispatcher, base, cookie, method, path, body, attempt = 1) {
  const res = await request(`${base}${path}`, {
    method, dispatcher,
    headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  if (res.statusCode === 503 && attempt < 6) {
    await sleep(500 * attempt);
    return call(dispatcher, base, cookie, method, path, body, attempt + 1);
  }
  if (res.statusCode !== 200) throw new Error(`${method} ${path} answered ${res.statusCode} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** A 24-hex learner id, distinct per run and learner. */
const learnerId = (run, i) => `${run}${i.toString(16).padStart(8, '0')}`.padStart(24, 'c');

/**
 * `count` learners with signed sessions; the first `answerers` of them start their free-trial full quiz of the
 * chapter with the most questions (each answer is then a first answer, which changes progress and is pushed).
 */
async function prepare({ gatewayUrl, sign, count, answerers, answersEach }) {
  const dispatcher = new Agent({ connections: 16 });
  const run = Date.now().toString(16).slice(-10);
  const started = Date.now();
  const students = [];
  for (let i = 0; i < count; i++) students.push(`lp_session=${await sign(learnerId(run, i), 'learner')}`);
  const subjects = await call(dispatcher, gatewayUrl, students[0], 'GET', `/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
  const chapters = subjects.flatMap((s) => s.chapters ?? []);
  const chapter = [...chapters].sort((a, b) => (b.questionCount ?? 0) - (a.questionCount ?? 0))[0];
  const questions = (await call(dispatcher, gatewayUrl, students[0], 'GET', `/api/questions/chapter/${chapter.id}`)).filter((q) => q.options?.length);
  if (answerers > 0 && questions.length < answersEach) throw new Error(`chapter ${chapter.id} has ${questions.length} questions with options; each answerer needs ${answersEach}`);
  const learners = new Array(answerers);
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < answerers) {
      const i = next++;
      const session = await call(dispatcher, gatewayUrl, students[i], 'POST', '/api/sessions', { mode: 'full', chapterId: chapter.id, questionsCount: questions.length });
      // A full chapter quiz holds every question of the chapter.
      learners[i] = {
        cookie: students[i], sessionId: session.id,
        questions: questions.slice(0, answersEach).map((q, k) => ({ id: q.id, answer: q.options[k % q.options.length] })),
      };
    }
  }));
  await dispatcher.close();
  log(`${count} learners signed in, ${answerers} with a started quiz of ${chapter.name} (${questions.length} questions) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { students, answerers: learners, chapterIds: chapters.slice(0, 30).map((c) => c.id) };
}

/** Runs k6 (raised file limit); resolves with its exit code, the summary and its peak memory. */
function runK6(k6, { env, summaryFile, onTick }) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"', k6, 'run', '--quiet', '--summary-export', summaryFile, join(repoRoot, 'deploy/k6/push.js')],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssOf(child.pid) || 0);
      onTick?.();
    }, 1000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      let summary = null;
      try { summary = JSON.parse(readFileSync(summaryFile, 'utf8')); } catch { /* no summary: the run failed early */ }
      resolve({ code, summary, k6PeakRss: peak });
    });
  });
}

async function heldStreams(gatewayUrl) {
  try {
    const res = await request(`${gatewayUrl}/healthz`);
    return (await res.body.json()).pushStreams ?? 0;
  } catch {
    return NaN;
  }
}

async function pushRun({ k6, gatewayUrl, gatewayPid, dataFile, dataDir, streams, answerers, duration, pace, openSeconds }) {
  // RSS moves with garbage collection: the baseline is the median of 5 readings a second apart before any stream
  // opens, the held figure the median of the readings taken while the most streams were held.
  const readings = [];
  for (let i = 0; i < 5; i++) { readings.push(rssOf(gatewayPid)); await sleep(1000); }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const baseline = median(readings);
  let best = { held: 0, rss: baseline, samples: [baseline] };
  const sample = async () => {
    const held = await heldStreams(gatewayUrl);
    const rss = rssOf(gatewayPid);
    if (held > best.held) best = { held, rss, samples: [rss] };
    else if (held === best.held && held > 0) { best.samples.push(rss); best.rss = median(best.samples); }
  };
  log(`push: ${streams} streams, ${answerers} answering every ${pace} s for ${duration} s (gateway at ${mib(baseline)} before)`);
  const { code, summary, k6PeakRss } = await runK6(k6, {
    summaryFile: join(dataDir, 'push-summary.json'),
    env: { MODE: 'push', BASE_URL: gatewayUrl, PUSH_DATA: dataFile, STREAMS: String(streams), ANSWERERS: String(answerers), DURATION: String(duration), PACE: String(pace), OPEN_SECONDS: String(openSeconds), HOLDERS: String(Math.min(20, Math.max(1, Math.ceil(streams / 500)))) },
    onTick: () => void sample(),
  });
  const m = summary?.metrics ?? {};
  const d = m.push_delivery_ms ?? {};
  const perStream = best.held > 0 ? (best.rss - baseline) / best.held : NaN;
  const answersFailed = m.http_req_failed?.passes ?? m.http_req_failed?.value ?? NaN;
  const result = {
    streams, answerers, held: best.held, deliveries: d.count ?? 0, p50: d['p(50)'], p95: d['p(95)'], p99: d['p(99)'], max: d.max,
    streamErrors: m.push_stream_errors?.count ?? 0, undelivered: m.push_undelivered?.count ?? 0, answersFailed,
    gatewayBaseline: baseline, gatewayHeld: best.rss, bytesPerStream: perStream, k6PeakRss, passed: code === 0,
  };
  console.log(`\nPUSH  ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}: ${result.held} streams held at once (of ${streams}); ${result.deliveries} answers' progress delivered`
    + `\n      answer → stream: p50 ${result.p50?.toFixed(0)} ms, p95 ${result.p95?.toFixed(0)} ms, p99 ${result.p99?.toFixed(0)} ms, max ${result.max?.toFixed(0)} ms`
    + `\n      errors: stream ${result.streamErrors}, undelivered ${result.undelivered}, failed answer calls ${answersFailed}`
    + `\n      gateway memory ${mib(baseline)} → ${mib(best.rss)} with ${best.held} streams: ${perStream > 0 ? `${(perStream / 1024).toFixed(1)} KiB per held stream` : 'too few streams to tell (garbage collection moves RSS more)'}; k6 peak ${mib(k6PeakRss)}`
    + `\n      thresholds (p95 < 1 s, 0 errors, 0 undelivered): ${result.passed ? 'MET' : 'NOT MET'} (k6 exit ${code})`);
  return result;
}

async function pollingRun({ k6, gatewayUrl, dataFile, dataDir, steps, duration, max }) {
  const rows = [];
  const tryStudents = async (students) => {
    const { code, summary } = await runK6(k6, {
      summaryFile: join(dataDir, `poll-${students}.json`),
      env: { MODE: 'polling', BASE_URL: gatewayUrl, PUSH_DATA: dataFile, STUDENTS: String(students), DURATION: String(duration) },
    });
    const d = summary?.metrics?.['http_req_duration{scenario:poll}'] ?? summary?.metrics?.http_req_duration ?? {};
    const row = { students, perSecond: students / 5, p95: d['p(95)'], count: d.count, dropped: summary?.metrics?.dropped_iterations?.count ?? 0, passed: code === 0 };
    rows.push(row);
    log(`polling ${students} students (${row.perSecond}/s): p95 ${row.p95?.toFixed(1)} ms, ${row.dropped} polls not started on time: ${row.passed ? 'served' : 'NOT served'}`);
    await sleep(2000); // let the stack settle between steps
    return row.passed;
  };
  // A first, unrecorded run: cold caches, JIT and fresh connections would otherwise be blamed on the first step.
  log('polling: warming up (not recorded)');
  await runK6(k6, { summaryFile: join(dataDir, 'poll-warmup.json'), env: { MODE: 'polling', BASE_URL: gatewayUrl, PUSH_DATA: dataFile, STUDENTS: String(Math.min(...steps)), DURATION: '5' } });
  let lo = 0;
  let hi = null;
  for (const s of steps) {
    if (s > max) break;
    if (await tryStudents(s)) lo = s; else { hi = s; break; }
  }
  // Narrow twice between the last served and the first not served.
  for (let i = 0; i < 2 && hi !== null && hi - lo > 50; i++) {
    const mid = Math.round((lo + hi) / 2 / 50) * 50;
    if (await tryStudents(mid)) lo = mid; else hi = mid;
  }
  console.log(`\nPOLLING  ${cpus().length} CPUs: each student polls progress every 5 s (the fallback)`);
  for (const r of [...rows].sort((a, b) => a.students - b.students)) console.log(`      ${String(r.students).padStart(6)} students (${r.perSecond}/s): p95 ${r.p95?.toFixed(1)} ms ${r.passed ? 'served' : 'NOT served'}`);
  console.log(`      largest number of students served at p95 < 100 ms: ${lo}${hi === null ? ' (the largest tried; none failed)' : ` (${hi} was not)`}`);
  return { rows, largest: lo, firstFailed: hi };
}

async function main() {
  const { values } = parseArgs({ options: {
    polling: { type: 'boolean' }, both: { type: 'boolean' }, streams: { type: 'string' }, answerers: { type: 'string' }, duration: { type: 'string' },
    pace: { type: 'string' }, students: { type: 'string' }, 'open-seconds': { type: 'string' },
  } });
  // --both: the push scenario, then the polling one, on one stack (the small sizes in `npm test`).
  const modes = values.both ? ['push', 'polling'] : values.polling ? ['polling'] : ['push'];
  const polling = modes.includes('polling');
  const pushing = modes.includes('push');
  const streams = Number(values.streams ?? 10_000);
  const answerers = Number(values.answerers ?? 200);
  const duration = Number(values.duration ?? (pushing ? 60 : 20));
  // A learner reads a question, answers, reads the explanation: one answer every 10 s each, 20 answers/s from 200.
  const pace = Number(values.pace ?? 10);
  const steps = (values.students ?? '500,1000,2000,3000,4000,6000,8000,10000').split(',').map(Number).filter((n) => n > 0);
  const learners = Math.max(pushing ? streams : 0, polling ? Math.max(...steps) : 0);
  if (!(answerers <= streams)) throw new Error('--answerers must not exceed --streams');

  const k6 = ensureK6Push();
  const topo = topology(Number(process.env.BENCH_PORT_OFFSET ?? 17_000));
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, '.data', 'bench-push-'));
  const logs = join(dataDir, 'logs');
  let code = 1;
  try {
    const infraEnv = await startInfrastructure({ topo, dataDir });
    const { privateJwk, sign } = await sessionKey();
    const env = {
      ...infraEnv, ...serviceUrls(topo), LP_DATA_DIR: dataDir, LOG_LEVEL: 'warn', SESSION_SIGNING_JWK: privateJwk,
      OIDC_PORT: String(topo.oidcPort), PUBLIC_URL: `http://127.0.0.1:${topo.gatewayPort}`,
      OTEL_METRICS_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'none',
    };
    await startService('identity', { topo, env, logs });
    await Promise.all([startService('content', { topo, env, logs }), startService('study', { topo, env, logs })]);
    const gatewayUrl = `http://127.0.0.1:${topo.gatewayPort}`;
    await buildSlices(['gateway']);
    const gateway = startProcess('gateway', process.execPath, BUILT_ENTRY,
      { cwd: join(repoRoot, 'gateway'), env: { ...env, PORT: String(topo.gatewayPort), STATIC_ROOT: repoRoot }, logFile: join(logs, 'gateway.log') });
    await waitForHttp(gateway, `${gatewayUrl}/healthz`, 60_000);
    log(`stack up on ports +${topo.gatewayPort - 8080} (data in ${dataDir})`);

    const answersEach = Math.ceil(duration / pace) + 1;
    const data = await prepare({ gatewayUrl, sign, count: learners, answerers: pushing ? answerers : 0, answersEach });
    const dataFile = join(dataDir, 'push-data.json');
    writeFileSync(dataFile, JSON.stringify(data));
    const gatewayPid = pidListeningOn(topo.gatewayPort);
    let passed = true;
    if (pushing) {
      const openSeconds = Number(values['open-seconds'] ?? Math.max(5, Math.ceil(streams / 250)));
      passed = (await pushRun({ k6, gatewayUrl, gatewayPid, dataFile, dataDir, streams, answerers, duration, pace, openSeconds })).passed && passed;
    }
    if (polling) {
      // The search expects some sizes to fail; the run fails only when not even the smallest size is served.
      const r = await pollingRun({ k6, gatewayUrl, dataFile, dataDir, steps, duration: values.both ? Math.min(duration, 5) : duration, max: learners });
      passed = r.largest > 0 && passed;
    }
    code = passed ? 0 : 1;
  } catch (err) {
    console.error(`[bench:push] failed: ${err.stack ?? err}`);
  } finally {
    await stopAll();
    if (code === 0 && !process.env.BENCH_KEEP_LOGS) rmSync(dataDir, { recursive: true, force: true });
    else console.error(`[bench:push] logs kept in ${logs}`);
  }
  process.exit(code);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
