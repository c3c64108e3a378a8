// `npm run chaos`: learners answer through the gateway with the browser's retry rule while svc-study is killed
// (SIGKILL) and restarted; then every answer is checked against what svc-study recorded.
//
//   node deploy/chaos/answers.mjs [--learners 50] [--answers 1000] [--kills 3]
//
// It runs its own stack (FerretDB, NATS, the services and the gateway) on ports offset by CHAOS_PORT_OFFSET
// (default 16000) with throwaway data, prints its figures and exits non-zero unless every answer was recorded
// exactly once and every learner's counts match the records.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureInstalled } from '../local/install.mjs';
import { stopAll } from '../local/processes.mjs';
import { repoRoot, startApplications, startInfrastructure, startService, topology } from '../local/stack.mjs';
import { answerAll, chapterWith, checkAnswers, learnersWithQuizzes, sleep } from './drive.mjs';

const { values: args } = parseArgs({ options: {
  learners: { type: 'string', default: '50' }, answers: { type: 'string', default: '1000' }, kills: { type: 'string', default: '3' },
} });
const LEARNERS = Number(args.learners);
const ANSWERS = Number(args.answers);
const KILLS = Number(args.kills);
const PER_LEARNER = Math.ceil(ANSWERS / LEARNERS);

async function main() {
  ensureInstalled(repoRoot);
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, '.data', 'chaos-'));
  const topo = topology(Number(process.env.CHAOS_PORT_OFFSET ?? 16_000));
  let ok = false;
  try {
    console.log(`[chaos] starting a stack on ports +${topo.gatewayPort - 8080} (data in ${dataDir})`);
    const infraEnv = await startInfrastructure({ topo, dataDir });
    const stack = await startApplications({ topo, dataDir, infraEnv });
    const base = stack.url;

    const chapter = await chapterWith(base, PER_LEARNER);
    console.log(`[chaos] signing in ${LEARNERS} new learners`);
    const learners = await learnersWithQuizzes(base, { count: LEARNERS, perLearner: PER_LEARNER, chapter, label: 'Chaos' });

    // Every learner answers one question at a time (a person), all learners at once; svc-study dies meanwhile.
    const stats = { retries: 0, kills: 0 };
    let answered = 0;
    const total = Math.min(ANSWERS, learners.reduce((n, l) => n + l.questions.length, 0));
    const killAt = Array.from({ length: KILLS }, (_, k) => Math.floor((total * (k + 1)) / (KILLS + 1)));
    const killer = (async () => {
      for (const at of killAt) {
        while (answered < at) await sleep(50);
        stack.services.study.child.kill('SIGKILL');
        stats.kills += 1;
        console.log(`[chaos] svc-study killed (SIGKILL) after ${answered} answers; restarting`);
        await sleep(500);
        stack.services.study = await startService('study', { topo, env: stack.env, logs: stack.logs });
      }
    })();
    const started = Date.now();
    const planned = await answerAll(base, learners, { limit: ANSWERS, stats, onAnswered: (n) => { answered = n; } });
    await killer;
    const seconds = (Date.now() - started) / 1000;

    const { recorded, lost, twice, mismatches } = await checkAnswers(base, infraEnv.MONGODB_URI, learners, chapter);
    const sent = learners.reduce((n, l) => n + l.sent.length, 0);
    console.log(`\n[chaos] ${LEARNERS} learners, ${sent} answers in ${seconds.toFixed(1)} s, svc-study killed ${stats.kills} times, ${stats.retries} retries`);
    console.log(`[chaos] answers sent ${sent} · recorded ${recorded} · recorded twice ${twice} · lost ${lost}`);
    console.log(`[chaos] learners whose counts differ from the records: ${mismatches.length}`);
    for (const m of mismatches.slice(0, 5)) console.log(`[chaos]   ${JSON.stringify(m)}`);
    ok = sent === planned && recorded === sent && twice === 0 && lost === 0 && mismatches.length === 0;
    console.log(`[chaos] ${ok ? 'PASS' : 'FAIL'}: ${sent} / ${recorded} / ${twice} / ${lost}`);
  } catch (err) {
    console.error(`[chaos] could not run: ${err.stack ?? err}`);
  } finally {
    await stopAll();
    if (ok) rmSync(dataDir, { recursive: true, force: true });
    else console.log(`[chaos] logs kept in ${join(dataDir, 'logs')}`);
  }
  process.exit(ok ? 0 : 1);
}

await main();
