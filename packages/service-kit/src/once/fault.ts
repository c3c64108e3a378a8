// Fault points for crash tests: `LP_FAULT_POINTS=outbox-written` makes a process end itself (SIGKILL, no
// cleanup) the first time it reaches that point, so a test can show what a crash between two writes leaves
// behind and how the restarted process recovers. Never set outside tests.
const points = new Set((process.env.LP_FAULT_POINTS ?? '').split(',').map((p) => p.trim()).filter(Boolean));

export function faultPoint(name: string) {
  if (points.size > 0 && points.has(name)) process.kill(process.pid, 'SIGKILL');
}
