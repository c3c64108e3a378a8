// A small supervisor: start child processes, wait until they answer, stop them all together.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname } from 'node:path';

const children = new Set();

/**
 * Starts a long-running child. Output goes to `logFile` (always) and, with `echo`, to this
 * terminal prefixed by the name. A child that exits before `stopAll` rejects `exited`.
 */
export function startProcess(name, command, args, { env = {}, cwd, logFile, echo = false } = {}) {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const handle = { name, child, logFile, stopping: false };
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      if (!log.writableEnded) log.write(chunk);
      if (echo) for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`${name.padEnd(14)}| ${line}\n`);
    });
  }
  handle.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(handle);
      resolve({ code, signal });
    });
  });
  // 'close' comes after the last output (which can follow 'exit' when a grandchild still holds the pipes).
  handle.logClosed = new Promise((resolve) => child.on('close', () => log.end(resolve)));
  child.on('error', (err) => { if (!log.writableEnded) log.write(`spawn error: ${err.message}\n`); });
  children.add(handle);
  return handle;
}

export async function stopAll(timeoutMs = 8000) {
  const running = [...children].reverse();
  for (const h of running) { h.stopping = true; h.child.kill('SIGTERM'); }
  await Promise.race([
    Promise.all(running.map((h) => h.exited)),
    new Promise((r) => setTimeout(r, timeoutMs)),
  ]);
  for (const h of children) h.child.kill('SIGKILL');
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
  return waitUntil(handle, () => tcpOpen(port), `${handle.name} to listen on ${port}`, timeoutMs);
}

/** Resolves when GET url answers 200. */
export async function waitForHttp(handle, url, timeoutMs = 60_000) {
  return waitUntil(handle, async () => {
    try { return (await fetch(url)).ok; } catch { return false; }
  }, `${handle.name} at ${url}`, timeoutMs);
}

async function waitUntil(handle, probe, what, timeoutMs) {
  let dead = null;
  handle?.exited.then((e) => { dead = e; });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    if (dead) throw new Error(`${handle.name} exited (code ${dead.code}, signal ${dead.signal}) before it was ready; see ${handle.logFile}${await logTail(handle)}`);
    await sleep(200);
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}${handle ? `; see ${handle.logFile}` : ''}`);
}

/** The last lines a process wrote, for an error that is read where the log file is not (a CI run's output). */
async function logTail(handle, lines = 15) {
  await Promise.race([handle.logClosed, sleep(1000)]);
  try {
    const tail = readFileSync(handle.logFile, 'utf8').trimEnd().split('\n').slice(-lines);
    return tail.length && tail[0] ? `; its last lines:\n${tail.map((l) => `  | ${l}`).join('\n')}` : '';
  } catch {
    return '';
  }
}

export async function portInUse(port) {
  return tcpOpen(port);
}
