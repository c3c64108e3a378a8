// `npm run metrics:watch [-- --offset 18000 --gateway-metrics-port 9464 --every 5]`: the metrics of a running local
// stack (issue 29 §2) in the terminal, one line per process every few seconds: requests/s, 5xx ratio, p95,
// event-loop delay p99, outbox backlog and oldest age, consumer lag, database p95. It reads each service's
// `/metrics` on its port (the stack's topology at --offset: 0 for `npm start`, 18000 for `npm run bench:answers`)
// and the gateway's on GATEWAY_METRICS_PORT when given, with the kit's summary functions, the same the gateway's
// `GET /api/admin/metrics` uses. The owner's page (/admin-metrics) shows the same under `npm start`; this needs no
// sign-in, so it can watch a bench's stack.
//   GATEWAY_METRICS_PORT=28464 npm run bench:answers            # in one terminal
//   npm run metrics:watch -- --offset 18000 --gateway-metrics-port 28464   # in another
import { parseArgs } from 'node:util';
import { parseExposition, ratesBetween, snapshotOf } from '@lp/service-kit/metrics';
import { SERVICES, topology } from '../local/stack.mjs';

const { values } = parseArgs({ options: { offset: { type: 'string' }, 'gateway-metrics-port': { type: 'string' }, every: { type: 'string' }, count: { type: 'string' } } });
const topo = topology(Number(values.offset ?? 0));
const targets = [
  ...(values['gateway-metrics-port'] ? [['gateway', `http://127.0.0.1:${values['gateway-metrics-port']}/metrics`]] : []),
  ...SERVICES.map((name) => [name, `http://127.0.0.1:${topo.services[name]}/metrics`]),
];
const everyMs = Number(values.every ?? 5) * 1000;

async function read(url) {
  try {
    const res = await fetch(url, { signal: globalThis.AbortSignal.timeout(2000) });
    return res.ok ? snapshotOf(parseExposition(await res.text())) : null;
  } catch {
    return null;
  }
}

const ms = (s) => (s === null || s === undefined ? '–' : `${(s * 1000).toFixed(s < 0.01 ? 1 : 0)}ms`);

/** One line per process: what the owner's page shows, for a terminal. */
function line(name, before, after, seconds) {
  if (!after) return `${name.padEnd(10)} not reachable`;
  const r = before ? ratesBetween(before, after, seconds) : null;
  const lag = Object.entries(after.consumerLag).filter(([, n]) => n > 0).map(([c, n]) => `${c}:${n}`).join(',') || '0';
  return [name.padEnd(10), `${r ? r.requestsPerSecond.toFixed(1) : '–'}/s`.padStart(9), `err ${r?.errorRatio === null || !r ? '–' : `${(r.errorRatio * 100).toFixed(2)}%`}`.padEnd(11),
    `p95 ${ms(r?.p95Seconds)}`.padEnd(11), `loop99 ${ms(after.eventLoopDelayP99Seconds)}`.padEnd(14), `outbox ${after.outboxBacklog} (${after.outboxOldestAgeSeconds.toFixed(1)}s)`.padEnd(18),
    `lag ${lag}`.padEnd(24), `db95 ${ms(r?.dbP95Seconds)}`].join(' ');
}

let previous = new Map();
let previousAt = 0;
for (let round = 0; values.count === undefined || round < Number(values.count); round++) {
  const at = Date.now();
  const now = new Map(await Promise.all(targets.map(async ([name, url]) => [name, await read(url)])));
  const seconds = (at - previousAt) / 1000;
  console.log(`--- ${new Date(at).toISOString()}${previousAt ? ` (last ${seconds.toFixed(1)} s)` : ''}`);
  for (const [name] of targets) {
    const after = now.get(name);
    if (after || previousAt) console.log(line(name, previous.get(name) ?? null, after, seconds));
  }
  previous = now;
  previousAt = at;
  await new Promise((r) => setTimeout(r, everyMs));
}
