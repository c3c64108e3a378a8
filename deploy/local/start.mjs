// `npm start`: install, provision, build, start the infrastructure, the services and the gateway, and keep them
// running: a process that dies is reported (with its last log lines) and restarted; one that keeps dying stops
// the whole stack with a message saying which (processes.mjs). Ctrl-C stops everything it started. Data lives
// under .data/ in the checkout. `--traces` (`npm run traces`) also runs a trace viewer that every process sends
// its spans to (traces.mjs), and prints its URL.
import { join } from 'node:path';
import { buildFrontEnds, ensureInstalled } from './install.mjs';
import { onSupervisionGivesUp, stopAll } from './processes.mjs';
import { repoRoot, startApplications, startInfrastructure, topology } from './stack.mjs';
import { ProvisionError } from './tools.mjs';
import { startTraceViewer } from './traces.mjs';

const dataDir = process.env.LP_DATA_DIR ?? join(repoRoot, '.data');
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\n[start] stopping everything...');
  await stopAll();
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
onSupervisionGivesUp((_handle, message) => {
  console.error(`\n[start] ${message}. The platform cannot run without it: stopping.`);
  void shutdown(1);
});

try {
  const started = Date.now();
  ensureInstalled(repoRoot);
  // LP_SKIP_BUILD=1: the front ends are built already (a restart of the stack, a test of the supervision).
  if (process.env.LP_SKIP_BUILD !== '1') buildFrontEnds(repoRoot);
  // LP_PORT_OFFSET runs a second stack beside the first (e.g. for `npm run bench:web` while another stack runs).
  const topo = topology(Number(process.env.LP_PORT_OFFSET ?? 0));
  const infraEnv = await startInfrastructure({ topo, dataDir, supervise: true });
  console.log(`[start] database ${infraEnv.MONGODB_URI}, NATS ${infraEnv.NATS_URL}`);
  const echo = process.env.LP_ECHO_LOGS === '1';
  const offset = Number(process.env.LP_PORT_OFFSET ?? 0);
  const viewer = process.argv.includes('--traces') ? await startTraceViewer({ offset, logs: join(dataDir, 'logs'), echo, supervise: true }) : undefined;
  const { url } = await startApplications({ topo, dataDir, infraEnv, extraEnv: viewer?.env ?? {}, echo, supervise: true });
  console.log(`\n  The platform is running at ${url}  (ready in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (viewer) console.log(`  Traces: ${viewer.url}  (a trace by its id: ${viewer.url}traces/<trace id>, the "Reference" of an error toast)`);
  console.log(`  Logs: ${join(dataDir, 'logs')}   Stop: Ctrl-C\n`);
} catch (err) {
  console.error(`\n[start] ${err instanceof ProvisionError ? 'could not provision' : 'failed'}: ${err.message}`);
  await shutdown(1);
}
