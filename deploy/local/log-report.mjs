// What the supervisor (processes.mjs) prints when a process died or did not get ready: its last lines, where its log
// is, and the error lines of this run (the log file is appended across restarts) with the line number in the file
// and the trace and request ids they carry, so the engineer can open the file at that line and follow the trace.
import { Buffer } from 'node:buffer';
import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** The most of a log read back (its end): a report must not read a log of hundreds of MB. */
const MAX_READ_BYTES = 512 * 1024;
const PINO_ERROR = 50;
/** A line that is not JSON (a crash's stack, nats-server, FerretDB): an error by its words. */
const TEXT_ERROR = /\b(error|fatal|panic|uncaught|unhandled)\b|\[(ERR|FTL)\]/i;

/** The size of a file now (0 when it does not exist yet): where a new run's lines will start. */
export function logSize(file) {
  try { return statSync(file).size; } catch { return 0; }
}

/** The text written to `file` since byte `from` (at most its last MAX_READ_BYTES), and the line number it starts at (1-based; null when unknown). */
function readSince(file, from) {
  const size = logSize(file);
  const start = Math.max(from, size - MAX_READ_BYTES);
  if (size <= start) return { text: '', firstLine: null };
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(size - start);
    readSync(fd, buffer, 0, buffer.length, start);
    let firstLine = null;
    if (start === 0) firstLine = 1;
    else if (start < MAX_READ_BYTES * 4) {
      // Count the lines before `start` (cheap for a log of a few MB; a larger one is reported without numbers).
      const before = Buffer.alloc(start);
      readSync(fd, before, 0, start, 0);
      firstLine = 1 + before.reduce((n, byte) => n + (byte === 10 ? 1 : 0), 0);
    }
    let text = buffer.toString('utf8');
    if (start > from) {
      // Cut into the middle of a line: drop the fragment.
      const newline = text.indexOf('\n');
      text = text.slice(newline + 1);
      if (firstLine !== null) firstLine += 1;
    }
    return { text, firstLine };
  } finally {
    closeSync(fd);
  }
}

/** A pino line (JSON with a numeric level) as an object; null for any other line. */
function pinoLine(line) {
  if (!line.startsWith('{')) return null;
  try {
    const entry = JSON.parse(line);
    return typeof entry === 'object' && entry !== null && typeof entry.level === 'number' ? entry : null;
  } catch {
    return null;
  }
}

/** One error line, readable: time, message, the error's own message, and the ids that join it to the rest. */
export function describeErrorLine(line) {
  const entry = pinoLine(line);
  if (!entry) return line.length > 300 ? `${line.slice(0, 300)}…` : line;
  const err = entry.err;
  const errText = typeof err === 'string' ? err : err && typeof err === 'object' ? (err.message ?? err.type) : undefined;
  const ids = [
    ['trace_id', entry.trace_id ?? entry.traceId],
    ['reqId', entry.reqId ?? entry.req?.id],
  ].filter(([, value]) => value !== undefined).map(([name, value]) => `${name}=${value}`);
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  return [time, entry.msg, errText && errText !== entry.msg ? `(${errText})` : '', ids.join(' ')].filter(Boolean).join('  ');
}

/** The error lines of a run: pino lines at level error or above, or text lines that say error. */
function isErrorLine(line) {
  const entry = pinoLine(line);
  return entry ? entry.level >= PINO_ERROR : TEXT_ERROR.test(line);
}

/**
 * The report's text for a process whose run began at byte `from` of `logFile`: its last `tail` lines, then the log's
 * path and the run's last `errors` error lines (with their line numbers in the file).
 */
export function failureReport(logFile, from = 0, { tail = 15, errors = 5 } = {}) {
  const { text, firstLine } = readSince(logFile, from);
  const lines = text.replace(/\n$/, '').split('\n');
  const written = lines.length > 1 || lines[0] !== '';
  const parts = [];
  if (written) parts.push(`; its last lines:\n${lines.slice(-tail).map((l) => `  | ${l}`).join('\n')}`);
  parts.push(`\n  log: ${logFile}${firstLine !== null && written ? ` (this run from line ${firstLine})` : ''}`);
  const found = [];
  for (let i = lines.length - 1; i >= 0 && found.length < errors; i--) {
    if (lines[i] && isErrorLine(lines[i])) found.unshift({ at: firstLine === null ? null : firstLine + i, line: lines[i] });
  }
  parts.push(found.length
    ? `\n  its last errors:\n${found.map(({ at, line }) => `  ! ${at === null ? '' : `line ${at}: `}${describeErrorLine(line)}`).join('\n')}`
    : '\n  no error lines in this run\'s log');
  return parts.join('');
}
