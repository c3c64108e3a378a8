// The classroom at overload (issue 29 §3): `npm run bench:answers -- --phases 150:20,600:30,150:40 --learners 1000`.
// One open loop whose arrival rate changes by phase (e.g. what the machine sustains, then 2–4× that, then back), every
// answer sent the way the browser's answer queue sends it (mfe-learn answerQueue.ts): on no answer, 408, 429 or a
// 5xx it is sent again with the same answer id after max(backoff 1, 2, 4 … s, Retry-After), plus up to half again at
// random. A learner answers one question at a time (the next waits for the previous to land). Printed per phase:
// answers offered and answered per second, the 503s and how long they took to come back, retries, 502/504/timeouts,
// the answers' own latency (arrival → recorded, retries included) and, for the last phase, how long after the load
// dropped the errors stopped by themselves.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { request } from 'undici';
import { percentile } from './study-stack.mjs';

/** "150:20,600:30,150:40" → [{ rate: 150, seconds: 20 }, …]: answers per second for that many seconds. */
export function parsePhases(spec) {
  const phases = String(spec).split(',').map((part) => {
    const [rate, seconds] = part.split(':').map(Number);
    if (!(rate > 0) || !(seconds > 0)) throw new Error(`--phases: "${part}" is not <answers per second>:<seconds>`);
    return { rate, seconds };
  });
  if (phases.length === 0) throw new Error('--phases: no phase');
  return phases;
}

/** The browser queue's wait before try n+1 (n ≥ 1): max(1 s · 2^(n−1) up to 60 s, Retry-After) · (1 + random/2). */
export function retryWaitMs(attempts, retryAfterMs, random) {
  return Math.round(Math.max(Math.min(60_000, 1000 * 2 ** (attempts - 1)), retryAfterMs ?? 0) * (1 + random / 2));
}

export const retryable = (status) => typeof status !== 'number' || status === 408 || status === 429 || status >= 500;

function retryAfterMsOf(value) {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n * 1000 : null;
}

/**
 * The figures per phase from what was recorded: `attempts` ({ at, ms, status, retry }: start in ms from the loop's
 * start, duration, HTTP status or an error code, whether it repeated an earlier attempt) and `answers` ({ at, ms, ok }:
 * arrival, arrival → recorded, recorded or given up). Attempts and answers belong to the phase they started in; the
 * last phase also holds the drain after its arrivals end (until `endMs`).
 */
export function phaseRows(phases, attempts, answers, endMs) {
  let from = 0;
  const bounds = phases.map((p, i) => {
    const b = { ...p, from, to: i === phases.length - 1 ? Math.max(endMs, from + p.seconds * 1000) : from + p.seconds * 1000 };
    from += p.seconds * 1000;
    return b;
  });
  const phaseOf = (at) => {
    const i = bounds.findIndex((b) => at < b.to);
    return i === -1 ? bounds.length - 1 : i;
  };
  return bounds.map((b, i) => {
    const mine = attempts.filter((a) => phaseOf(a.at) === i);
    const refused = mine.filter((a) => a.status === 503).map((a) => a.ms).sort((x, y) => x - y);
    const arrived = answers.filter((a) => phaseOf(a.at) === i);
    const recorded = arrived.filter((a) => a.ok).map((a) => a.ms).sort((x, y) => x - y);
    const count = (test) => mine.filter((a) => test(a.status)).length;
    const seconds = (b.to - b.from) / 1000;
    return {
      rate: b.rate, seconds: b.seconds, offered: arrived.length / b.seconds,
      answeredPerSecond: mine.filter((a) => a.status === 200).length / seconds,
      refused: refused.length, refusedP50: percentile(refused, 50), refusedP95: percentile(refused, 95),
      retries: mine.filter((a) => a.retry).length,
      badGateway: count((s) => s === 502), gatewayTimeout: count((s) => s === 504),
      noAnswer: count((s) => typeof s !== 'number'),
      otherErrors: Object.entries(mine.reduce((by, a) => {
        if (typeof a.status === 'number' && ![200, 502, 503, 504].includes(a.status)) by[a.status] = (by[a.status] ?? 0) + 1;
        return by;
      }, {})).map(([status, n]) => `${status}×${n}`).join(', ') || '0',
      answerP50: percentile(recorded, 50), answerP95: percentile(recorded, 95), gaveUp: arrived.filter((a) => !a.ok).length,
      ...(i === bounds.length - 1 && bounds.length > 1 ? { recoverySeconds: recoveryAfter(b.from, attempts) } : {}),
    };
  });
}

/** Seconds from `dropAt` until the end of the last attempt started after it that failed for want of capacity (5xx, 429, 408, no answer; 0: none). */
export function recoveryAfter(dropAt, attempts) {
  const failedEnds = attempts.filter((a) => a.at >= dropAt && retryable(a.status)).map((a) => a.at + a.ms);
  return failedEnds.length ? (Math.max(...failedEnds) - dropAt) / 1000 : 0;
}

const ms = (x) => (Number.isNaN(x) ? '–' : `${x.toFixed(0)} ms`);

/** The phase table, as printed and as pasted into RESULTS.md. */
export function formatPhaseTable(rows) {
  const head = '| phase | offered/s | answered/s | 503s | 503 p50 / p95 | retries | 502 | 504 | no answer | other errors | answer p50 / p95 (arrival → recorded) | not recorded | errors stop after the drop |';
  const lines = rows.map((r, i) => `| ${i + 1}: ${r.rate}/s × ${r.seconds} s | ${r.offered.toFixed(0)} | ${r.answeredPerSecond.toFixed(0)} | ${r.refused} | ${ms(r.refusedP50)} / ${ms(r.refusedP95)} | ${r.retries} | ${r.badGateway} | ${r.gatewayTimeout} | ${r.noAnswer} | ${r.otherErrors} | ${ms(r.answerP50)} / ${ms(r.answerP95)} | ${r.gaveUp} | ${r.recoverySeconds === undefined ? '' : `${r.recoverySeconds.toFixed(1)} s`} |`);
  return [head, `|${'---|'.repeat(13)}`, ...lines].join('\n');
}

/**
 * Runs the phases against `gatewayUrl` with prepared `learners` (answers.mjs `prepareLearners`); an answer is given up
 * after `giveUpMs` (the bench must end; the browser would keep it). Resolves with the rows.
 */
export async function runPhases({ gatewayUrl, dispatcher, learners, phases, giveUpMs = 120_000, log = () => {} }) {
  const attempts = [];
  const answers = [];
  const start = performance.now() + 20;
  const now = () => performance.now() - start;
  const sleep = (t) => new Promise((r) => setTimeout(r, t));

  /** Latency counts from the scheduled arrival `arrivedAt`, so waiting on the learner's previous answer counts too. */
  async function deliver(learner, question, answer, arrivedAt) {
    const body = JSON.stringify({ answerId: randomUUID(), questionId: question.id, answer, timeSpent: 5, sessionId: learner.sessionId, mode: 'full' });
    for (let tries = 1; ; tries++) {
      const at = now();
      let status;
      let retryAfter = null;
      try {
        const res = await request(`${gatewayUrl}/api/answers`, {
          method: 'POST', dispatcher, body,
          headers: { cookie: learner.cookie, origin: gatewayUrl, 'content-type': 'application/json' },
          headersTimeout: 30_000, bodyTimeout: 30_000,
        });
        status = res.statusCode;
        retryAfter = retryAfterMsOf(res.headers['retry-after']);
        await res.body.dump();
      } catch (err) {
        status = err.code ?? err.name ?? 'error';
      }
      attempts.push({ at, ms: now() - at, status, retry: tries > 1 });
      const spent = now() - arrivedAt;
      if (status === 200 || !retryable(status) || spent > giveUpMs) {
        answers.push({ at: arrivedAt, ms: spent, ok: status === 200 });
        return;
      }
      await sleep(retryWaitMs(tries, retryAfter, Math.random()));
    }
  }

  const chains = [];
  let arrival = 0;
  let phaseStart = 0;
  for (const [index, phase] of phases.entries()) {
    log(`phase ${index + 1}: ${phase.rate} answers/s for ${phase.seconds} s`);
    const interval = 1000 / phase.rate;
    const count = Math.round(phase.rate * phase.seconds);
    for (let i = 0; i < count; i++) {
      const due = phaseStart + i * interval;
      while (due - now() > 1) await sleep(Math.min(due - now(), 5));
      // Behind schedule: still let answers that came back be read now and then.
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
      const learner = learners[arrival % learners.length];
      arrival += 1;
      if (learner.next >= learner.questions.length) learner.next = 0;
      const question = learner.questions[learner.next];
      const answer = question.options[(learner.next * 7 + arrival) % question.options.length];
      learner.next += 1;
      // One question at a time: this answer goes once the learner's previous one has landed.
      const previous = learner.busy ?? Promise.resolve();
      learner.busy = previous.then(() => deliver(learner, question, answer, due));
      chains.push(learner.busy);
    }
    phaseStart += phase.seconds * 1000;
  }
  log('arrivals done; waiting for the answers still on their way');
  await Promise.all(chains);
  return phaseRows(phases, attempts, answers, now());
}
