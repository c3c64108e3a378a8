// What the study benches share (answers.mjs, scale.mjs): the stack they run on (FerretDB, NATS, svc-identity with a
// bench signing key, svc-content, svc-study, the gateway), finding a process by the port it listens on, HTTP calls
// through the gateway, percentiles.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { startProcess, waitForHttp } from '../local/processes.mjs';
import { repoRoot, serviceUrls, startInfrastructure, startService } from '../local/stack.mjs';
import { sessionKey } from './session-key.mjs';
import { BUILT_ENTRY, buildSlices } from '../local/build-services.mjs';

/** The pid of the (own) process listening on 127.0.0.1:port, from /proc/net/tcp and the processes' fds. */
export function pidListeningOn(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try { text = readFileSync(file, 'utf8'); } catch { continue; }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[1].endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds = [];
    try { fds = readdirSync(`/proc/${pid}/fd`); } catch { continue; }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) return Number(pid);
      } catch { /* gone */ }
    }
  }
  return undefined;
}

/** The processes whose CPU a study bench accounts, by name (`generator` is the bench itself); absent ones left out. */
export function studyStackPids(topo) {
  const pids = {
    generator: undefined,
    gateway: pidListeningOn(topo.gatewayPort), 'svc-study': pidListeningOn(topo.services.study),
    'svc-content': pidListeningOn(topo.services.content), 'svc-identity': pidListeningOn(topo.services.identity),
    ferretdb: pidListeningOn(topo.mongoPort), nats: pidListeningOn(topo.natsPort),
  };
  for (const [n, pid] of Object.entries(pids)) if (n !== 'generator' && pid === undefined) delete pids[n];
  return pids;
}

export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;
}

export async function call(dispatcher, base, cookie, method, path, body) {
  const res = await request(`${base}${path}`, {
    method, dispatcher,
    headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : null };
}

export async function must(p, what) {
  const res = await p;
  if (res.status !== 200) throw new Error(`${what} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return res.body;
}

/**
 * Starts FerretDB + NATS (unless MONGODB_URI / NATS_URL are set), svc-identity with a fresh signing key, svc-content
 * and svc-study, then the gateway (default limits). Returns the gateway's URL, the signer of sessions identity
 * accepts, the environment the services got and their process handles. `stopAll()` (deploy/local/processes.mjs) stops them.
 */
export async function startStudyStack({ topo, dataDir, studyNodeArgs = [] }) {
  const logs = join(dataDir, 'logs');
  const infraEnv = await startInfrastructure({ topo, dataDir });
  const { privateJwk, sign } = await sessionKey();
  const env = {
    ...infraEnv, ...serviceUrls(topo), LP_DATA_DIR: dataDir, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', SESSION_SIGNING_JWK: privateJwk,
    OIDC_PORT: String(topo.oidcPort), PUBLIC_URL: `http://127.0.0.1:${topo.gatewayPort}`,
    OTEL_METRICS_EXPORTER: process.env.OTEL_METRICS_EXPORTER ?? 'none', OTEL_LOGS_EXPORTER: process.env.OTEL_LOGS_EXPORTER ?? 'none',
  };
  const services = { identity: await startService('identity', { topo, env, logs }) };
  [services.content, services.study] = await Promise.all([startService('content', { topo, env, logs }), startService('study', { topo, env, logs, nodeArgs: studyNodeArgs })]);
  const gatewayUrl = `http://127.0.0.1:${topo.gatewayPort}`;
  await buildSlices(['gateway']);
  const gateway = startProcess('gateway', process.execPath, BUILT_ENTRY,
    { cwd: join(repoRoot, 'gateway'), env: { ...env, PORT: String(topo.gatewayPort), STATIC_ROOT: repoRoot }, logFile: join(logs, 'gateway.log') });
  await waitForHttp(gateway, `${gatewayUrl}/healthz`, 60_000);
  return { gatewayUrl, sign, env, logs, services: { ...services, gateway } };
}
