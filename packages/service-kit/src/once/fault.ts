// Fault points for crash tests: `LP_FAULT_POINTS=outbox-written` makes a process end itself (SIGKILL, no
// cleanup) the first time it reaches that point, so a test can show what a crash between two writes leaves
// behind and how the restarted process recovers. Never set outside tests.
const points = new Set((process.env.LP_FAULT_POINTS ?? '').split(',').map((p) => p.trim()).filter(Boolean));

export function faultPoint(name: string) {
  if (points.size > 0 && points.has(name)) process.kill(process.pid, 'SIGKILL');
}

// Failure points: a step that throws while its name is set (`LP_FAIL_POINTS`, or `setFailPoint` in a test's own
// process), for showing how a process reports and recovers from a step that keeps failing. Never set outside tests.
const failing = new Set((process.env.LP_FAIL_POINTS ?? '').split(',').map((p) => p.trim()).filter(Boolean));

export function failPoint(name: string) {
  if (failing.size > 0 && failing.has(name)) throw new Error(`fail point ${name} is set`);
}

/** Tests only: makes `failPoint(name)` throw (on) or pass (off) in this process. */
export function setFailPoint(name: string, on: boolean) {
  if (on) failing.add(name);
  else failing.delete(name);
}
