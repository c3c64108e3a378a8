// `npm test`: unit and integration tests against a real FerretDB and NATS, then e2e tests in Chromium
// against the whole stack. Everything runs on ports offset by 10000 with throwaway data.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { buildFrontEnds, ensureInstalled } from './install.mjs';
import { stopAll } from './processes.mjs';
import { repoRoot, serviceUrls, startApplications, startInfrastructure, topology } from './stack.mjs';
import { ensureChromium, ensureK8sValidator } from './tools.mjs';

const only = process.argv[2]; // optional: 'unit' (unit + integration) or 'e2e'
const filters = process.argv.slice(3); // optional: test file filters, e.g. `npm test -- e2e sessions`
mkdirSync(join(repoRoot, '.data'), { recursive: true });
const dataDir = mkdtempSync(join(repoRoot, '.data', 'test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each stage's wall time in seconds, printed at the end (deploy/bench/RESULTS.md records them). */
const stageSeconds = {};

async function timed(stage, run) {
  const started = Date.now();
  try {
    return await run();
  } finally {
    stageSeconds[stage] = Math.round((Date.now() - started) / 1000);
  }
}

/** Runs a command with its output held back, then printed whole: two at once do not interleave their lines. */
function quietly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      process.stdout.write(Buffer.concat(output));
      resolve(status);
    });
  });
}

function vitest(label, args, env) {
  const report = join(dataDir, `${label}.json`);
  console.log(`\n[test] ${label}`);
  const r = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
  } else if (r.status !== 0) totals.failed += 1;
  return r.status === 0;
}

async function staticChecks() {
  console.log('\n[test] static checks: typecheck and lint');
  // Side by side: each is one single-threaded process, so on two cores they take the time of the slower one.
  const [tsc, lint] = await Promise.all([quietly('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']), quietly('npx', ['eslint', '.'])]);
  const passed = tsc === 0 && lint === 0;
  if (passed) totals.passed += 2; else totals.failed += (tsc === 0 ? 0 : 1) + (lint === 0 ? 0 : 1);
  return passed;
}

/** The answers chaos run (deploy/chaos/answers.mjs) at a size that fits the suite, on its own stack. */
function chaos() {
  console.log('\n[test] chaos: answers while svc-study is killed and restarted');
  const offset = Number(process.env.LP_TEST_PORT_OFFSET ?? 10_000) + 5_000; // beside the e2e stack, apart from a full `npm run chaos` (+16000)
  const r = spawnSync(process.execPath, ['deploy/chaos/answers.mjs', '--learners', '10', '--answers', '100', '--kills', '1'],
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, CHAOS_PORT_OFFSET: String(offset) } });
  if (r.status === 0) totals.passed += 1; else totals.failed += 1;
  return r.status === 0;
}

/**
 * Issue 25 §3 at a small size (deploy/bench/push.mjs --both): 300 held push streams while 20 learners answer, then
 * the polling fallback at 100 and 200 students; k6's thresholds decide. Builds k6 with our extension the first time.
 */
function pushBench() {
  console.log('\n[test] push: held streams while learners answer, and the polling fallback (k6)');
  const offset = Number(process.env.LP_TEST_PORT_OFFSET ?? 10_000) + 6_000; // beside the e2e and chaos stacks
  const r = spawnSync(process.execPath, ['deploy/bench/push.mjs', '--both', '--streams', '300', '--answerers', '20', '--duration', '10', '--pace', '2', '--students', '100,200'],
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, BENCH_PORT_OFFSET: String(offset) } });
  if (r.status === 0) totals.passed += 1; else totals.failed += 1;
  return r.status === 0;
}

let ok = true;
try {
  ensureInstalled(repoRoot);
  // Built here the first time (Go module proxy, ~2 minutes) rather than inside a test beside the others.
  if (only !== 'e2e') ensureK8sValidator();
  if (!only) ok = (await timed('static checks', staticChecks)) && ok;
  const topo = topology(Number(process.env.LP_TEST_PORT_OFFSET ?? 10_000)); // a second checkout on this machine sets another offset
  const infraEnv = await startInfrastructure({ topo, dataDir });
  // LP_UNIT_WORKERS=2: two unit and integration files at a time (Vitest's default on two cores is one). 43 % faster
  // here, but not the default yet: one run of it had a consumer miss its 10 s catch-up on the shared NATS stream
  // (deploy/bench/RESULTS.md, "npm test's run time").
  const unitWorkers = process.env.LP_UNIT_WORKERS ? [`--maxWorkers=${process.env.LP_UNIT_WORKERS}`] : [];
  if (only !== 'e2e') ok = (await timed('unit and integration', () => vitest('unit-and-integration', ['--config', 'vitest.config.ts', ...unitWorkers, ...filters], infraEnv))) && ok;
  if (only !== 'unit') {
    ensureChromium();
    await timed('front-end build', () => buildFrontEnds(repoRoot));
    const { url } = await timed('stack start', () => startApplications({ topo, dataDir, infraEnv }));
    // The services' own URLs too: some tests call a service directly to show its own checks.
    ok = (await timed('e2e', () => vitest('e2e', ['--config', 'e2e/vitest.config.ts', ...filters], { ...infraEnv, ...serviceUrls(topo), E2E_BASE_URL: url }))) && ok;
    if (filters.length === 0) ok = (await timed('chaos', chaos)) && ok;
    if (filters.length === 0) ok = (await timed('push bench', pushBench)) && ok;
  }
} catch (err) {
  console.error(`\n[test] could not run the tests: ${err.message}`);
  ok = false;
  totals.failed += 1;
} finally {
  await stopAll();
  if (ok) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`[test] logs kept in ${join(dataDir, 'logs')}`);
}
console.log(`\nstage times: ${Object.entries(stageSeconds).map(([stage, s]) => `${stage} ${s} s`).join(', ')}`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
