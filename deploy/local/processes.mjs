// A small supervisor: start child processes, wait until they answer, stop them all together.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { failureReport, logSize } from './log-report.mjs';

const children = new Set();
let giveUp = (handle, message) => { console.error(`[stack] ${message}`); };

/** What to do when a supervised child keeps dying (`npm start` stops the whole stack with the message). */
export function onSupervisionGivesUp(handler) {
  giveUp = handler;
}

/** How long a restarted child must stay up for its earlier failures to be forgotten. */
const STABLE_MS = 30_000;
/** Restarts in a row (each dying within STABLE_MS) before supervision gives up. */
const MAX_RESTARTS = 5;

/**
 * Starts a long-running child. Output goes to `logFile` (always) and, with `echo`, to this
 * terminal prefixed by the name. A child that exits before `stopAll` resolves `exited`.
 *
 * With `supervise: { ready }` a child that dies (any exit before `stopAll`) is reported on the console with its last
 * log lines, its log file and that run's error lines (log-report.mjs) and started again, after 0, 1, 2, 4, 8 s when it keeps dying; `ready(handle)` says when it is back.
 * After MAX_RESTARTS failed restarts in a row the `onSupervisionGivesUp` handler runs. The handle stays the same
 * object across restarts (`child` and `exited` are the current process's).
 */
export function startProcess(name, command, args, { env = {}, cwd, logFile, echo = false, supervise } = {}) {
  mkdirSync(dirname(logFile), { recursive: true });
  const handle = { name, logFile, stopping: false, restarts: 0, env: { ...env } };
  const launch = () => {
    // Where this run's lines start: a report quotes this run's errors, not an earlier run's.
    handle.logStart = logSize(logFile);
    const log = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(command, args, { cwd, env: { ...process.env, ...handle.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        if (!log.writableEnded) log.write(chunk);
        if (echo) for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`${name.padEnd(14)}| ${line}\n`);
      });
    }
    handle.child = child;
    handle.startedAt = Date.now();
    handle.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        if (!supervise || handle.stopping) children.delete(handle);
        resolve({ code, signal });
      });
    });
    // 'close' comes after the last output (which can follow 'exit' when a grandchild still holds the pipes).
    handle.logClosed = new Promise((resolve) => child.on('close', () => log.end(resolve)));
    child.on('error', (err) => { if (!log.writableEnded) log.write(`spawn error: ${err.message}\n`); });
    if (supervise) void handle.exited.then((exit) => restartAfter(exit));
  };
  handle.launch = launch;
  const restartAfter = async ({ code, signal }) => {
    // Before it was first ready, the one who started it reports the failure (waitForPort / waitForHttp).
    if (handle.stopping || !handle.ready) return;
    const lived = Date.now() - handle.startedAt;
    handle.restarts = lived >= STABLE_MS ? 1 : handle.restarts + 1;
    console.log(`[stack] ${name} stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})${await logReport(handle, 10)}`);
    if (handle.restarts > MAX_RESTARTS) {
      giveUp(handle, `${name} keeps stopping: ${MAX_RESTARTS} restarts in a row did not keep it up; see ${logFile}`);
      return;
    }
    const delayMs = handle.restarts === 1 ? 0 : 1000 * 2 ** (handle.restarts - 2);
    console.log(`[stack] restarting ${name}${delayMs ? ` in ${delayMs / 1000} s` : ''} (restart ${handle.restarts} of at most ${MAX_RESTARTS} in a row)`);
    if (delayMs) await sleep(delayMs);
    if (handle.stopping) return;
    launch();
    try {
      await supervise.ready(handle);
      console.log(`[stack] ${name} restarted and ready again (pid ${handle.child.pid})`);
    } catch (err) {
      // It died again before it was ready (its exit restarts it), or it hangs: end it so that its exit does.
      if (!handle.stopping && handle.child.exitCode === null && handle.child.signalCode === null) {
        console.log(`[stack] ${name} did not get ready after its restart (${err.message.split('\n')[0]}); ending it`);
        handle.child.kill('SIGKILL');
      }
    }
  };
  launch();
  children.add(handle);
  return handle;
}

export async function stopAll(timeoutMs = 8000) {
  const running = [...children].reverse();
  for (const h of running) { h.stopping = true; h.child.kill('SIGTERM'); }
  // A supervised child that was between restarts has no live process to wait for.
  await Promise.race([
    Promise.all(running.map((h) => h.exited)),
    new Promise((r) => setTimeout(r, timeoutMs)),
  ]);
  for (const h of children) h.child.kill('SIGKILL');
}

/** Stops one child (SIGTERM, then SIGKILL after `timeoutMs`) without its supervision restarting it. */
export async function stopProcess(handle, timeoutMs = 8000) {
  handle.stopping = true;
  handle.child.kill('SIGTERM');
  const timer = setTimeout(() => handle.child.kill('SIGKILL'), timeoutMs);
  await handle.exited;
  clearTimeout(timer);
}

/**
 * Starts a child stopped with `stopProcess` again: the same command and log file, its environment with `env` laid
 * over it (a release starts the new build with its own version). Wait for it as at first.
 */
export function startAgain(handle, { env } = {}) {
  if (env) Object.assign(handle.env, env);
  handle.stopping = false;
  handle.ready = false;
  handle.launch();
  children.add(handle);
  return handle;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function tcpOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves when something listens on the port; rejects when the process dies or time runs out. */
export async function waitForPort(handle, port, timeoutMs = 60_000) {
  await waitUntil(handle, () => tcpOpen(port), `${handle.name} to listen on ${port}`, timeoutMs);
  if (handle) handle.ready = true;
}

/** Resolves when GET url answers 200. */
export async function waitForHttp(handle, url, timeoutMs = 60_000) {
  await waitUntil(handle, async () => {
    try { return (await fetch(url)).ok; } catch { return false; }
  }, `${handle.name} at ${url}`, timeoutMs);
  if (handle) handle.ready = true;
}

async function waitUntil(handle, probe, what, timeoutMs) {
  let dead = null;
  handle?.exited.then((e) => { dead = e; });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    if (dead) throw new Error(`${handle.name} exited (code ${dead.code}, signal ${dead.signal}) before it was ready; see ${handle.logFile}${await logReport(handle)}`);
    await sleep(200);
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}${handle ? `; see ${handle.logFile}${await logReport(handle)}` : ''}`);
}

/**
 * What explains a failure, for a report read where the log file is not (the console, a CI run's output): the run's
 * last lines, the log's path and its error lines with their trace and request ids (log-report.mjs).
 */
async function logReport(handle, tail = 15) {
  if (handle.child?.exitCode !== null || handle.child?.signalCode !== null) await Promise.race([handle.logClosed, sleep(1000)]);
  return failureReport(handle.logFile, handle.logStart ?? 0, { tail });
}

export async function portInUse(port) {
  return tcpOpen(port);
}
