// Issue 29 §4: when the supervisor of `npm start` reports a process that died or did not get ready, the report names
// the process's log file and quotes the error lines of that run, with their line numbers and trace/request ids, so
// the engineer sees what explains it. Small child processes stand in for the services (no stack needed).
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failureReport } from '../local/log-report.mjs';
import { startProcess, stopAll, waitForPort } from '../local/processes.mjs';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
/** A pino line as the kit writes it: level 50, the message, the error, the trace and request ids. */
const errorLine = (msg, reqId) => JSON.stringify({ level: 50, time: Date.parse('2026-11-27T10:00:00.123Z'), pid: 1, msg, err: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:27017' }, trace_id: TRACE, reqId });
const infoLine = (msg) => JSON.stringify({ level: 30, time: Date.now(), msg });

let dir;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'supervisor-report-')); });
afterEach(async () => { vi.restoreAllMocks(); await stopAll(2000); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A port nothing listens on now. */
async function freePort() {
  const server = createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

/** A node child running `source` (an ES module), with PORT and MARKER in its environment. */
function child(name, source, env = {}) {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, source);
  return startProcess(name, process.execPath, [file], { env, logFile: join(dir, 'logs', `${name}.log`), supervise: { ready: (again) => waitForPort(again, Number(env.PORT), 10_000) } });
}

describe('the supervisor explains a failure', () => {
  it('a process that dies before it is ready: the error names the log file and quotes the error line with its trace and request ids', async () => {
    const port = await freePort();
    const handle = child('svc-crash', `
      console.log(${JSON.stringify(infoLine('starting'))});
      console.log(${JSON.stringify(errorLine('could not connect to the database', 'req-7'))});
      console.log(${JSON.stringify(infoLine('shutting down'))});
      process.exit(1);
    `, { PORT: String(port) });
    const error = await waitForPort(handle, port, 10_000).then(() => null, (err) => err);
    expect(error?.message).toContain(`svc-crash exited (code 1, signal null) before it was ready; see ${handle.logFile}`);
    expect(error.message).toContain(`log: ${handle.logFile} (this run from line 1)`);
    expect(error.message).toContain(`its last errors:\n  ! line 2: 10:00:00.123  could not connect to the database  (connect ECONNREFUSED 127.0.0.1:27017)  trace_id=${TRACE} reqId=req-7`);
  });

  it('a ready process that dies: the console report names the log file and quotes the error lines of that run, then it is restarted', async () => {
    const port = await freePort();
    const said = [];
    vi.spyOn(console, 'log').mockImplementation((line) => { said.push(String(line)); });
    const marker = join(dir, 'crash-now');
    // Listens; once told to (the marker file appears) logs a failure and dies; the restarted run (marker gone) stays up.
    const handle = child('svc-dies', `
      import { createServer } from 'node:net';
      import { existsSync, rmSync } from 'node:fs';
      console.log(${JSON.stringify(errorLine('cache warm-up failed', 'req-1'))});
      createServer().listen(Number(process.env.PORT), '127.0.0.1', () => {
        console.log(${JSON.stringify(infoLine('listening'))});
        setInterval(() => {
          if (!existsSync(process.env.MARKER)) return;
          rmSync(process.env.MARKER);
          console.log(${JSON.stringify(errorLine('answer not recorded', 'req-42'))});
          process.exit(3);
        }, 20);
      });
    `, { PORT: String(port), MARKER: marker });
    await waitForPort(handle, port, 10_000);
    writeFileSync(marker, '1');
    await vi.waitFor(() => expect(said.join('\n')).toContain('svc-dies restarted and ready again'), { timeout: 20_000, interval: 100 });
    const report = said.find((line) => line.includes('svc-dies stopped unexpectedly'));
    expect(report).toContain('svc-dies stopped unexpectedly (exit code 3); its last lines:\n');
    expect(report).toContain(`log: ${handle.logFile} (this run from line 1)`);
    expect(report).toMatch(new RegExp(`its last errors:\\n  ! line 1: .*cache warm-up failed.*reqId=req-1\\n  ! line 3: .*answer not recorded  \\(connect ECONNREFUSED 127\\.0\\.0\\.1:27017\\)  trace_id=${TRACE} reqId=req-42`));
  });

  it("quotes a run's errors only: an earlier run's lines in the same file are not this failure's", () => {
    const file = join(dir, 'logs', 'appended.log');
    writeFileSync(file, `${errorLine('old failure', 'r-1')}\n${infoLine('stopped')}\n`);
    const from = Buffer.byteLength(`${errorLine('old failure', 'r-1')}\n${infoLine('stopped')}\n`);
    writeFileSync(file, `${infoLine('started again')}\nError: boom\n    at main (file:///x.mjs:1:1)\n`, { flag: 'a' });
    const report = failureReport(file, from);
    expect(report).toContain('(this run from line 3)');
    expect(report).toContain('its last errors:\n  ! line 4: Error: boom');
    expect(report).not.toContain('old failure');
    expect(failureReport(join(dir, 'logs', 'quiet.log'), 0)).toContain("no error lines in this run's log");
  });
});
