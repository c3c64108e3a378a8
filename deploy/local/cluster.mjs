// `npm run cluster`: the platform on a distributed stack, locally. A 3-node NATS JetStream cluster (the EVENTS stream
// kept on all three, NATS_STREAM_REPLICAS=3), two replicas of every service behind a local balancer each (the
// stand-in for a Kubernetes Service: deploy/local/balancer.mjs), one gateway, FerretDB as in every local stack (one
// node: production uses a MongoDB replica set). Ports are offset by LP_CLUSTER_PORT_OFFSET (default 22000).
//
//   npm run cluster                      start it and keep it running (Ctrl-C stops it)
//   npm run cluster -- --nats-only       only the 3-node NATS cluster (services run by hand: NATS_URL as printed)
//   npm run cluster -- --e2e [filters]   run the e2e suite against it, then stop
//   npm run cluster -- --kill-nats [--learners 20] [--answers 200]
//                                        learners answer while one NATS node (the EVENTS stream's leader) is killed;
//                                        then every answer is checked, and an event sent after the kill (a payment
//                                        → the subscription active at svc-study) must arrive. Exits non-zero on a loss.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { answerAll, call, chapterWith, checkAnswers, learnersWithQuizzes, pay, sleep } from '../chaos/drive.mjs';
import { startBalancer } from './balancer.mjs';
import { clusterNatsUrl, clusterTopology, natsNodeArgs, PRIMARY_STANDBY } from './cluster-config.mjs';
import { buildFrontEnds, ensureInstalled } from './install.mjs';
import { startProcess, stopAll, waitForPort } from './processes.mjs';
import { repoRoot, SERVICES, serviceUrls, startApplications, startInfrastructure, startService } from './stack.mjs';
import { ensureChromium, ensureNatsServer } from './tools.mjs';

const { values: args, positionals: filters } = parseArgs({
  allowPositionals: true,
  options: {
    e2e: { type: 'boolean', default: false }, 'nats-only': { type: 'boolean', default: false }, 'kill-nats': { type: 'boolean', default: false },
    learners: { type: 'string', default: '20' }, answers: { type: 'string', default: '200' },
  },
});
const log = (line) => console.log(`[cluster] ${line}`);

/** Starts the three nodes and waits until they see each other and JetStream has a meta leader. */
async function startNatsCluster(cluster, dataDir) {
  const bin = ensureNatsServer();
  const nodes = cluster.nats.map((node, i) => {
    mkdirSync(join(dataDir, node.name), { recursive: true });
    return startProcess(node.name, bin, natsNodeArgs(cluster, i, dataDir), { logFile: join(dataDir, 'logs', `${node.name}.log`) });
  });
  await Promise.all(nodes.map((h, i) => waitForPort(h, cluster.nats[i].clientPort)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const views = await Promise.all(cluster.nats.map((n) => monitor(n, '/jsz').catch(() => null)));
    if (views.every((v) => v?.meta_cluster?.leader && v.meta_cluster.cluster_size === cluster.nats.length)) {
      log(`NATS cluster formed: ${cluster.nats.length} nodes, JetStream meta leader ${views[0].meta_cluster.leader}`);
      return nodes;
    }
    if (Date.now() > deadline) throw new Error(`the NATS cluster did not form within 60 s; see ${join(dataDir, 'logs')}`);
    await sleep(500);
  }
}

async function monitor(node, path) {
  const res = await fetch(`http://127.0.0.1:${node.monitorPort}${path}`, { signal: globalThis.AbortSignal.timeout(2000) });
  return res.json();
}

/** The EVENTS stream's placement as the cluster sees it: `{ leader, replicas: [{ name, current }], members }`. */
async function eventsStream(cluster, alive = cluster.nats) {
  for (const node of alive) {
    try {
      const jsz = await monitor(node, '/jsz?streams=true&config=true');
      const stream = jsz.account_details?.flatMap((a) => a.stream_detail ?? []).find((s) => s.name === 'EVENTS');
      // A node lists the stream's other peers, not itself.
      if (stream?.cluster) return { ...stream.cluster, members: [...new Set([stream.cluster.leader, ...(stream.cluster.replicas ?? []).map((r) => r.name), ...(stream.config?.num_replicas === 1 ? [] : [node.name])].filter(Boolean))] };
    } catch { /* that node is down: ask another */ }
  }
  return null;
}

/** Two replicas of every service, each on its own port, and a balancer on the service's usual port. */
async function startReplicas(cluster, dataDir, env) {
  const balancers = [];
  const replicas = {};
  for (const name of SERVICES) {
    balancers.push(await startBalancer({ port: cluster.services[name], targets: cluster.replicas[name], primaryStandby: PRIMARY_STANDBY.has(name) }));
  }
  await Promise.all(SERVICES.map(async (name) => {
    replicas[name] = await Promise.all(cluster.replicas[name].map(async (port, r) => {
      const logs = join(dataDir, 'logs', `replica-${r + 1}`);
      // Only the first identity replica owns the local sign-in provider's port; the standby's picks a free one.
      const own = { ...env, ...(name === 'identity' && r > 0 ? { OIDC_PORT: '0' } : {}) };
      return startService(name, { topo: { ...cluster, services: { ...cluster.services, [name]: port } }, env: own, logs });
    }));
  }));
  return { balancers, replicas };
}

async function startCluster(cluster, dataDir) {
  const nats = await startNatsCluster(cluster, dataDir);
  process.env.NATS_URL = clusterNatsUrl(cluster); // startInfrastructure then starts FerretDB and the stand-ins only
  const infraEnv = await startInfrastructure({ topo: cluster, dataDir });
  const extraEnv = { NATS_STREAM_REPLICAS: String(cluster.nats.length) };
  // The gateway and the AI stand-in as in every stack; the services come next, as replicas behind their balancers.
  const apps = await startApplications({ topo: cluster, dataDir, infraEnv, extraEnv, only: [] });
  const { balancers, replicas } = await startReplicas(cluster, dataDir, apps.env);
  await waitForReady(apps.url);
  const stream = await eventsStream(cluster);
  log(`EVENTS stream on ${stream?.members.join(', ')} (leader ${stream?.leader})`);
  return { ...apps, infraEnv, nats, balancers, replicas };
}

async function waitForReady(base) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await call(base, '', 'GET', '/readyz')).status === 200) return;
    await sleep(500);
  }
  throw new Error('the gateway did not see every service ready within 60 s');
}

/** Learners answer while the EVENTS stream's leader node is killed; then nothing may be lost. */
async function killNatsRun(cluster, stack) {
  const base = stack.url;
  const LEARNERS = Number(args.learners);
  const ANSWERS = Number(args.answers);
  const perLearner = Math.ceil(ANSWERS / LEARNERS);
  const chapter = await chapterWith(base, perLearner);
  log(`signing in ${LEARNERS} new learners and a payer`);
  const learners = await learnersWithQuizzes(base, { count: LEARNERS, perLearner, chapter, label: 'Cluster' });
  const [payer] = await learnersWithQuizzes(base, { count: 1, perLearner: 1, chapter, label: 'ClusterPayer' });
  const stats = { retries: 0 };
  let answered = 0;
  const total = Math.min(ANSWERS, learners.reduce((n, l) => n + l.questions.length, 0));
  let killed = null;
  const killer = (async () => {
    while (answered < Math.floor(total / 2)) await sleep(50);
    const leader = (await eventsStream(cluster))?.leader;
    const i = Math.max(0, cluster.nats.findIndex((n) => n.name === leader));
    killed = cluster.nats[i];
    stack.nats[i].stopping = true;
    stack.nats[i].child.kill('SIGKILL');
    log(`${killed.name}${leader === killed.name ? ' (the EVENTS stream leader)' : ''} killed (SIGKILL) after ${answered} answers`);
  })();
  const started = Date.now();
  const planned = await answerAll(base, learners, { limit: ANSWERS, stats, onAnswered: (n) => { answered = n; } });
  await killer;
  const seconds = (Date.now() - started) / 1000;
  // An event sent after the kill: billing records the payment, study must hear of it over the two nodes left.
  await pay(base, payer.cookie, stats);
  const alive = cluster.nats.filter((n) => n !== killed);
  const deadline = Date.now() + 60_000;
  let active = false;
  while (!active && Date.now() < deadline) {
    active = (await call(base, payer.cookie, 'GET', '/api/subscription/status')).body?.subscriptionStatus === 'active';
    if (!active) await sleep(500);
  }
  const stream = await eventsStream(cluster, alive);
  const { recorded, lost, twice, mismatches } = await checkAnswers(base, stack.infraEnv.MONGODB_URI, learners, chapter);
  const sent = learners.reduce((n, l) => n + l.sent.length, 0);
  log(`${LEARNERS} learners, ${sent} answers in ${seconds.toFixed(1)} s, ${killed.name} killed mid-run, ${stats.retries} retries`);
  log(`answers sent ${sent} · recorded ${recorded} · recorded twice ${twice} · lost ${lost}; learners whose counts differ: ${mismatches.length}`);
  for (const m of mismatches.slice(0, 5)) log(`  ${JSON.stringify(m)}`);
  log(`payment after the kill: subscription ${active ? 'active at svc-study (event delivered)' : 'NOT active at svc-study within 60 s'}`);
  log(`EVENTS stream now led by ${stream?.leader ?? '?'}`);
  const ok = sent === planned && recorded === sent && twice === 0 && lost === 0 && mismatches.length === 0 && active;
  log(`${ok ? 'PASS' : 'FAIL'}: ${sent} / ${recorded} / ${twice} / ${lost}, event after the kill ${active ? 'delivered' : 'missing'}`);
  return ok;
}

/** The e2e suite as `local/test.mjs` runs it. Not spawnSync: the balancers live in this process and must keep serving. */
async function e2e(cluster, stack) {
  const child = spawn('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...filters], {
    cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...stack.infraEnv, ...serviceUrls(cluster), E2E_BASE_URL: stack.url },
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  return code === 0;
}

async function main() {
  ensureInstalled(repoRoot);
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, '.data', 'cluster-'));
  const cluster = clusterTopology(Number(process.env.LP_CLUSTER_PORT_OFFSET ?? 22_000));
  const once = args.e2e || args['kill-nats'];
  let ok = false;
  const stop = async (code) => {
    await stopAll();
    if (code === 0 && once) rmSync(dataDir, { recursive: true, force: true });
    else log(`logs in ${join(dataDir, 'logs')}`);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    log(`starting on ports +${cluster.gatewayPort - 8080} (data in ${dataDir})`);
    if (args['nats-only']) {
      await startNatsCluster(cluster, dataDir);
      log(`NATS_URL=${clusterNatsUrl(cluster)} NATS_STREAM_REPLICAS=${cluster.nats.length}; Ctrl-C stops it`);
      return;
    }
    if (args.e2e) {
      ensureChromium();
      buildFrontEnds(repoRoot);
    }
    const started = Date.now();
    const stack = await startCluster(cluster, dataDir);
    log(`ready in ${((Date.now() - started) / 1000).toFixed(0)} s at ${stack.url}: NATS ${process.env.NATS_URL}`);
    if (!once) {
      log('running; Ctrl-C stops it');
      return;
    }
    ok = args.e2e ? await e2e(cluster, stack) : true;
    if (args['kill-nats']) ok = (await killNatsRun(cluster, stack)) && ok;
  } catch (err) {
    console.error(`[cluster] could not run: ${err.stack ?? err}`);
  }
  await stop(ok ? 0 : 1);
}

await main();
