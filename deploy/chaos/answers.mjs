// `npm run chaos`: learners answer through the gateway with the browser's retry rule while svc-study is killed
// (SIGKILL) and restarted; then every answer is checked against what svc-study recorded.
//
//   node deploy/chaos/answers.mjs [--learners 50] [--answers 1000] [--kills 3]
//
// It runs its own stack (FerretDB, NATS, the services and the gateway) on ports offset by CHAOS_PORT_OFFSET
// (default 16000) with throwaway data, prints its figures and exits non-zero unless every answer was recorded
// exactly once and every learner's counts match the records.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { ensureInstalled } from '../local/install.mjs';
import { stopAll } from '../local/processes.mjs';
import { signInNewLearner } from '../local/sign-in.mjs';
import { repoRoot, startApplications, startInfrastructure, startService, topology } from '../local/stack.mjs';

const { values: args } = parseArgs({ options: {
  learners: { type: 'string', default: '50' }, answers: { type: 'string', default: '1000' }, kills: { type: 'string', default: '3' },
} });
const LEARNERS = Number(args.learners);
const ANSWERS = Number(args.answers);
const KILLS = Number(args.kills);
const PER_LEARNER = Math.ceil(ANSWERS / LEARNERS);

// The quiz runner's rule (mfe-learn answerQueue.ts): the same answerId again on no answer, 401, 408, 429 or 5xx,
// after 1 s, 2 s, 4 s… (at most 60 s).
const retryable = (status) => status === null || status === 401 || status === 408 || status === 429 || status >= 500;
const backoff = (attempt) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function call(base, cookie, method, path, body) {
  try {
    const res = await fetch(`${base}${path}`, {
      method, headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
      signal: globalThis.AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: null, body: null };
  }
}

async function withRetries(fn, stats) {
  for (let attempt = 1; ; attempt++) {
    const res = await fn();
    if (res.status === 200) return res;
    if (!retryable(res.status)) throw new Error(`refused with ${res.status}: ${JSON.stringify(res.body)}`);
    stats.retries += 1;
    await sleep(backoff(attempt));
  }
}

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

    // A chapter with enough questions for each learner's free trial quiz (a full chapter quiz).
    const subjects = (await call(base, '', 'GET', '/api/subjects/with-chapters?className=CBSE%20Class%2012')).body;
    const chapter = subjects.flatMap((s) => s.chapters).find((c) => c.questionCount >= PER_LEARNER);
    if (!chapter) throw new Error(`no chapter has ${PER_LEARNER} questions`);

    console.log(`[chaos] signing in ${LEARNERS} new learners`);
    const run = Date.now().toString(36);
    const learners = [];
    for (let i = 0; i < LEARNERS; i++) {
      const cookie = await signInNewLearner(base, { name: `Chaos Learner ${i + 1}`, email: `chaos-${run}-${i}@demo.test` });
      const questions = (await call(base, cookie, 'GET', `/api/questions/chapter/${chapter.id}`)).body.slice(0, PER_LEARNER);
      const session = await call(base, cookie, 'POST', '/api/sessions', { mode: 'full', chapterId: chapter.id, questionsCount: questions.length });
      if (session.status !== 200) throw new Error(`could not start a quiz: ${JSON.stringify(session.body)}`);
      learners.push({ cookie, session: session.body.id, userId: session.body.userId, questions, sent: [], right: 0 });
    }

    // Every learner answers one question at a time (a person), all learners at once; svc-study dies meanwhile.
    const stats = { retries: 0, kills: 0 };
    let answered = 0;
    const plan = learners.flatMap((l) => l.questions.map((q, i) => ({ l, q, i }))).slice(0, ANSWERS);
    const killAt = Array.from({ length: KILLS }, (_, k) => Math.floor((plan.length * (k + 1)) / (KILLS + 1)));
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
    await Promise.all(learners.map(async (l) => {
      for (const { q, i } of plan.filter((p) => p.l === l)) {
        const body = { answerId: randomUUID(), questionId: q.id, answer: q.options?.[i % Math.max(1, q.options.length)] ?? 'answer', timeSpent: 5, sessionId: l.session, mode: 'full' };
        const res = await withRetries(() => call(base, l.cookie, 'POST', '/api/answers', body), stats);
        l.sent.push(body.answerId);
        if (res.body.isCorrect) l.right += 1;
        answered += 1;
      }
    }));
    await killer;
    const seconds = (Date.now() - started) / 1000;

    // What svc-study recorded, read from its database, against what was sent.
    const db = await mongoose.createConnection(`${infraEnv.MONGODB_URI.replace(/\/$/, '')}/study`).asPromise();
    let recorded = 0;
    let lost = 0;
    let twice = 0;
    const mismatches = [];
    for (const l of learners) {
      const found = await Promise.all(l.sent.map((id) => db.collection('answers').findOne({ _id: id })));
      recorded += found.filter(Boolean).length;
      lost += found.filter((f) => !f).length;
      const counted = await Promise.all(l.questions.slice(0, l.sent.length).map((q) => db.collection('session_answers').findOne({ _id: `${l.session}:${q.id}` })));
      const countedRight = counted.filter((c) => c?.isCorrect).length;
      const session = (await call(base, l.cookie, 'GET', `/api/sessions/${l.session}`)).body;
      const stats2 = (await call(base, l.cookie, 'GET', '/api/sessions/stats')).body;
      const progress = (await call(base, l.cookie, 'GET', `/api/chapter/progress?chapterId=${chapter.id}`)).body;
      twice += Math.max(0, session.questionsAnswered - l.sent.length) + Math.max(0, stats2.totalQuestions - l.sent.length);
      const expected = { questionsAnswered: l.sent.length, correctAnswers: l.right, totalQuestions: l.sent.length, questionsCorrect: l.right, counted: l.sent.length, countedRight: l.right };
      const actual = { questionsAnswered: session.questionsAnswered, correctAnswers: session.correctAnswers, totalQuestions: progress?.totalQuestions, questionsCorrect: progress?.questionsCorrect, counted: counted.filter(Boolean).length, countedRight };
      if (JSON.stringify(expected) !== JSON.stringify(actual)) mismatches.push({ learner: l.userId, expected, actual });
    }
    await db.close();
    const sent = learners.reduce((n, l) => n + l.sent.length, 0);
    console.log(`\n[chaos] ${LEARNERS} learners, ${sent} answers in ${seconds.toFixed(1)} s, svc-study killed ${stats.kills} times, ${stats.retries} retries`);
    console.log(`[chaos] answers sent ${sent} · recorded ${recorded} · recorded twice ${twice} · lost ${lost}`);
    console.log(`[chaos] learners whose counts differ from the records: ${mismatches.length}`);
    for (const m of mismatches.slice(0, 5)) console.log(`[chaos]   ${JSON.stringify(m)}`);
    ok = sent === plan.length && recorded === sent && twice === 0 && lost === 0 && mismatches.length === 0;
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
