// CPU accounting for the bench phases, from /proc: what each process used, and what the hypervisor took.
import { readFileSync, readdirSync } from 'node:fs';

/** CPU time (user + system, µs) a process has used so far: this process when `pid` is undefined, else a child. */
export function cpuMicros(pid) {
  if (pid === undefined) { const u = process.cpuUsage(); return u.user + u.system; }
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6; // utime + stime, in clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

/** Jiffies the hypervisor gave to other guests ("steal", /proc/stat) and in total, summed over all CPUs. */
export function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { steal: fields[7] ?? 0, total: fields.slice(0, 8).reduce((a, b) => a + b, 0) };
  } catch {
    return { steal: NaN, total: NaN };
  }
}

/**
 * Like cpuMicros, to the microsecond: the run time the scheduler recorded for each of the process's threads
 * (/proc/<pid>/task/<tid>/schedstat, in ns), summed. /proc/<pid>/stat counts in 10 ms ticks, too coarse for calls
 * costing a few ms each over a few dozen calls. Threads that ended are no longer counted: read it over windows in
 * which the process keeps its threads (Node's and Go's worker threads live as long as the process). Falls back to
 * cpuMicros where schedstat is missing.
 */
export function cpuMicrosFine(pid) {
  if (pid === undefined) return cpuMicros(pid);
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try { ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]); } catch { /* the thread ended */ }
    }
    return ns > 0 ? ns / 1000 : cpuMicros(pid);
  } catch {
    return cpuMicros(pid);
  }
}
