// Start-up time and memory of each service and the gateway, built (dist/, what `npm start` and the images run) beside
// the TypeScript sources through tsx (what they ran before issue 28; `npm run dev` still does): `npm run bench:startup`.
//
// One stack (FerretDB, NATS, every service built) gives the extra instances what they need to be ready; then, per
// slice and round, one more instance is started from each form in turn on a spare port: the time from spawn until
// its /readyz answers 200, and its resident memory (VmRSS) once settled. tsx is measured with its transform cache
// cold (TSX_DISABLE_CACHE=1: a fresh container) and warm (a restart on the same disk). Ratios are built ÷ tsx.
//
//   npm run bench:startup [-- --rounds 3 --settle 3000]
//   env: LP_STARTUP_PORT_OFFSET (21000)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { BUILT_ENTRY, buildSlices } from '../local/build-services.mjs';
import { startProcess, stopAll, stopProcess } from '../local/processes.mjs';
import { repoRoot, SERVICES, startApplications, startInfrastructure, topology } from '../local/stack.mjs';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, settle: { type: 'string', default: '3000' } } });
const rounds = Number(values.rounds);
const settleMs = Number(values.settle);
const log = (msg) => console.log(`[bench:startup] ${msg}`);

const FORMS = {
  built: { args: BUILT_ENTRY, env: {} },
  'tsx (cold)': { args: ['--import', 'tsx', 'src/server.ts'], env: { TSX_DISABLE_CACHE: '1' } },
  'tsx (warm)': { args: ['--import', 'tsx', 'src/server.ts'], env: {} },
};

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One extra instance of `slice` on `port`: ms until /readyz says 200, then its RSS after `settleMs`. */
async function measure(slice, form, port, env, logs) {
  const started = performance.now();
  const h = startProcess(`${slice}-${form}`, process.execPath, FORMS[form].args, {
    cwd: join(repoRoot, slice), env: { ...env, ...FORMS[form].env, PORT: String(port), OIDC_PORT: String(port + 1), LP_DRAIN_GRACE_MS: '0' }, logFile: join(logs, `startup-${slice}.log`),
  });
  let exited = null;
  h.exited.then((e) => { exited = e; });
  for (;;) {
    if (exited) throw new Error(`${slice} (${form}) exited before it was ready; see ${h.logFile}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch { /* not listening yet */ }
    await sleep(25);
  }
  const readyMs = performance.now() - started;
  await sleep(settleMs);
  const rss = rssMiB(h.child.pid);
  await stopProcess(h, 20_000);
  return { readyMs, rss };
}

const offset = Number(process.env.LP_STARTUP_PORT_OFFSET ?? 21_000);
const topo = topology(offset);
const spare = 8090 + offset;
const dataDir = mkdtempSync(join(tmpdir(), 'lp-startup-'));
let code = 0;
try {
  log(`${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${rounds} rounds, RSS ${settleMs} ms after ready`);
  const infraEnv = await startInfrastructure({ topo, dataDir, own: true });
  const { env, logs } = await startApplications({ topo, dataDir, infraEnv, extraEnv: { OTEL_TRACES_EXPORTER: 'none' } });
  const slices = [...SERVICES.map((s) => `svc-${s}`), 'gateway'];
  await buildSlices(slices);
  // The gateway's extra instance answers /readyz only with every service ready: they are, in the stack above.
  const gatewayEnv = { ...env, STATIC_ROOT: repoRoot };
  const rows = [];
  for (const slice of slices) {
    const samples = Object.fromEntries(Object.keys(FORMS).map((f) => [f, []]));
    for (let round = 0; round < rounds; round++) {
      // The order turns each round, so a slow moment of the shared machine does not fall on one form only.
      const order = Object.keys(FORMS);
      for (let i = 0; i < round; i++) order.push(order.shift());
      for (const form of order) samples[form].push(await measure(slice, form, spare, slice === 'gateway' ? gatewayEnv : env, logs));
    }
    const row = { slice };
    for (const [form, list] of Object.entries(samples)) row[form] = { readyMs: median(list.map((s) => s.readyMs)), rss: median(list.map((s) => s.rss)) };
    rows.push(row);
    log(`${slice}: ${Object.keys(FORMS).map((f) => `${f} ${Math.round(row[f].readyMs)} ms / ${row[f].rss.toFixed(0)} MiB`).join(', ')}`);
  }
  const cell = (r) => `${(r.readyMs / 1000).toFixed(2)} s · ${r.rss.toFixed(0)} MiB`;
  console.log(`\n| slice | built (dist/) | tsx, cold cache | tsx, warm cache | ready: built ÷ tsx cold / warm | RSS: built ÷ tsx cold / warm |`);
  console.log('|---|---|---|---|---|---|');
  const ratio = (a, b) => (a / b).toFixed(2);
  for (const r of rows) {
    const b = r.built; const c = r['tsx (cold)']; const w = r['tsx (warm)'];
    console.log(`| ${r.slice} | ${cell(b)} | ${cell(c)} | ${cell(w)} | ${ratio(b.readyMs, c.readyMs)} / ${ratio(b.readyMs, w.readyMs)} | ${ratio(b.rss, c.rss)} / ${ratio(b.rss, w.rss)} |`);
  }
  const sum = (form, key) => rows.reduce((n, r) => n + r[form][key], 0);
  console.log(`| all seven | ${(sum('built', 'readyMs') / 1000).toFixed(1)} s · ${sum('built', 'rss').toFixed(0)} MiB | ${(sum('tsx (cold)', 'readyMs') / 1000).toFixed(1)} s · ${sum('tsx (cold)', 'rss').toFixed(0)} MiB | ${(sum('tsx (warm)', 'readyMs') / 1000).toFixed(1)} s · ${sum('tsx (warm)', 'rss').toFixed(0)} MiB | ${ratio(sum('built', 'readyMs'), sum('tsx (cold)', 'readyMs'))} / ${ratio(sum('built', 'readyMs'), sum('tsx (warm)', 'readyMs'))} | ${ratio(sum('built', 'rss'), sum('tsx (cold)', 'rss'))} / ${ratio(sum('built', 'rss'), sum('tsx (warm)', 'rss'))} |`);
} catch (err) {
  console.error(`[bench:startup] failed: ${err.stack ?? err}`);
  code = 1;
} finally {
  await stopAll(20_000);
  if (code === 0) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
