// Issue 26 item 4: `npm start` keeps its processes running. A service, NATS or FerretDB killed (SIGKILL) is reported
// on the console with its last log lines and started again; one that keeps failing stops the whole stack with a
// message naming it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, topology } from '../local/stack.mjs';
import { stackOffset } from './support/own-stack.mjs';

const offset = stackOffset(1);
const topo = topology(offset);
let dataDir;
let start;
let output = '';
let exited;

/** The pid of the process `parent` started in `cwd`, or with `name` in its command line. */
function childPid(parent, { cwd, name }) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parent) continue;
      if (cwd && readlinkSync(`/proc/${entry}/cwd`) === cwd) return Number(entry);
      if (name && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(name)) return Number(entry);
    } catch { /* it ended meanwhile */ }
  }
  return undefined;
}

async function until(probe, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s. Console so far:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const answers = (url) => fetch(url).then((r) => r.ok, () => false);

beforeAll(async () => {
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  dataDir = mkdtempSync(join(repoRoot, '.data', 'supervised-'));
  // The stack `npm start` runs, on ports of its own; not the servers `npm test` points the slices at.
  const env = { ...process.env, LP_PORT_OFFSET: String(offset), LP_DATA_DIR: dataDir, LP_SKIP_BUILD: '1' };
  for (const name of Object.keys(env)) if (/^(MONGODB_URI|NATS_URL|RAZORPAY_|PAYPAL_|OPENAI_)/.test(name)) delete env[name];
  start = spawn(process.execPath, ['deploy/local/start.mjs'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [start.stdout, start.stderr]) stream.on('data', (chunk) => { output += chunk; });
  exited = new Promise((resolve) => start.on('exit', (code) => resolve(code)));
  await until(() => {
    if (start.exitCode !== null) throw new Error(`npm start ended (code ${start.exitCode}):\n${output.slice(-3000)}`);
    return output.includes('The platform is running');
  }, 'the stack to start', 150_000);
}, 180_000);

afterAll(async () => {
  if (start.exitCode === null) {
    start.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start supervision', () => {
  it('restarts a killed service and says so', async () => {
    const study = `http://127.0.0.1:${topo.services.study}/readyz`;
    const pid = childPid(start.pid, { cwd: join(repoRoot, 'svc-study') });
    expect(pid).toBeTypeOf('number');
    process.kill(pid, 'SIGKILL');
    await until(() => output.includes('svc-study restarted and ready again'), 'svc-study to be restarted');
    expect(await answers(study)).toBe(true);
    expect(output).toMatch(/svc-study stopped unexpectedly \(signal SIGKILL\); its last lines:\n/);
    expect(childPid(start.pid, { cwd: join(repoRoot, 'svc-study') })).not.toBe(pid);
  });

  it('restarts NATS and FerretDB when they are killed', async () => {
    for (const name of ['nats', 'ferretdb']) {
      const pid = childPid(start.pid, { name: name === 'nats' ? 'nats-server' : 'ferretdb' });
      expect(pid, name).toBeTypeOf('number');
      process.kill(pid, 'SIGKILL');
      await until(() => output.includes(`${name} restarted and ready again`), `${name} to be restarted`);
      expect(output).toMatch(new RegExp(`${name} stopped unexpectedly \\(signal SIGKILL\\)`));
    }
    // The services find them again.
    await until(() => answers(`http://127.0.0.1:${topo.services.study}/readyz`), 'svc-study ready on the restarted NATS and FerretDB');
  });

  it('stops the whole stack, naming the process, when restarts keep failing', async () => {
    const pid = childPid(start.pid, { cwd: join(repoRoot, 'svc-feedback') });
    process.kill(pid, 'SIGKILL');
    // Its port taken by something else: every restart fails.
    const squatter = createServer();
    await until(() => new Promise((resolve) => {
      squatter.once('error', () => resolve(false));
      squatter.listen(topo.services.feedback, '127.0.0.1', () => resolve(true));
    }), 'the port of svc-feedback to be free');
    try {
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 100_000))]);
      expect(code).toBe(1);
      expect(output).toMatch(/svc-feedback keeps stopping: 5 restarts in a row did not keep it up/);
      expect(output).toMatch(/stopping everything/);
    } finally {
      squatter.close();
    }
  }, 120_000);
});
