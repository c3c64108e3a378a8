// Issue 25 §3: ten thousand dashboards. Needs the k6 built with our extension (`node deploy/k6/build.mjs`) and the
// learners `deploy/bench/push.mjs` prepares (PUSH_DATA: a JSON file of session cookies, answering learners with a
// started quiz, chapter ids). `npm run bench:push` does both and starts the stack.
//
// MODE=push (default): STREAMS learners each hold a push stream (`GET /api/events`, held by the extension, many per
// VU); after they are open, ANSWERERS of them (each a VU) answer a question of their quiz every PACE seconds for
// DURATION seconds through the gateway. Each answer's progress must reach its learner's stream within 1 s at p95,
// with no stream error, no failed answer and no progress that never arrives.
//
// MODE=polling: STUDENTS learners poll their dashboard's progress (`POST /api/chapters/progress/batch`) every 5 s as
// the fallback does, as a fixed arrival rate (STUDENTS / 5 per second) for DURATION seconds: p95 must stay < 100 ms.
import http from 'k6/http';
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Gauge, Trend } from 'k6/metrics';
import * as streams from 'k6/x/lpstreams';
import { BASE_URL, assertOwnHost } from './lib.js';

const data = JSON.parse(open(__ENV.PUSH_DATA));
const MODE = __ENV.MODE || 'push';
const int = (name, fallback, min, max) => {
  const value = Number(__ENV[name] || fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${__ENV[name]}"`);
  return value;
};
const DURATION = int('DURATION', 30, 1, 600);
const PACE = Number(__ENV.PACE || 10);

const delivery = new Trend('push_delivery_ms', true);
const streamErrors = new Counter('push_stream_errors');
const undelivered = new Counter('push_undelivered');
const deliveredCount = new Counter('push_delivered');
const held = new Gauge('push_streams_held');

function pushOptions() {
  const STREAMS = int('STREAMS', 10000, 1, data.students.length);
  const ANSWERERS = int('ANSWERERS', 200, 1, Math.min(STREAMS, data.answerers.length));
  const HOLDERS = int('HOLDERS', 10, 1, 100);
  const OPEN_S = int('OPEN_SECONDS', 60, 1, 600);
  return {
    STREAMS, ANSWERERS, HOLDERS, OPEN_S,
    options: {
      scenarios: {
        hold: { executor: 'per-vu-iterations', exec: 'hold', vus: HOLDERS, iterations: 1, maxDuration: `${OPEN_S + DURATION + 60}s`, gracefulStop: '30s' },
        answer: { executor: 'constant-vus', exec: 'answer', vus: ANSWERERS, duration: `${DURATION}s`, startTime: `${OPEN_S}s`, gracefulStop: '10s' },
      },
      thresholds: {
        push_delivery_ms: ['p(95)<1000'],
        // A run where nothing was delivered (no answers, or the answerers' streams not held) proves nothing.
        push_delivered: ['count>0'],
        push_stream_errors: ['count==0'],
        push_undelivered: ['count==0'],
        'http_req_failed{scenario:answer}': ['rate==0'],
        checks: ['rate==1'],
      },
      summaryTrendStats: ['count', 'avg', 'p(50)', 'p(95)', 'p(99)', 'max'],
      setupTimeout: '30s',
    },
  };
}

function pollingOptions() {
  const STUDENTS = int('STUDENTS', 1000, 5, data.students.length);
  const perSecond = Math.max(1, Math.round(STUDENTS / 5));
  return {
    STUDENTS,
    options: {
      scenarios: {
        poll: {
          executor: 'constant-arrival-rate', exec: 'poll', rate: perSecond, timeUnit: '1s', duration: `${DURATION}s`,
          preAllocatedVUs: Math.min(perSecond, 200), maxVUs: Math.min(perSecond * 2, 1000), gracefulStop: '10s',
        },
      },
      thresholds: {
        'http_req_duration{scenario:poll}': ['p(95)<100'],
        'http_req_failed{scenario:poll}': ['rate==0'],
        // The generator could not start a poll on time: the figure would flatter the system.
        dropped_iterations: [`count<=${Math.ceil(perSecond * DURATION * 0.01)}`],
      },
      summaryTrendStats: ['count', 'avg', 'p(50)', 'p(95)', 'p(99)', 'max'],
    },
  };
}

const plan = MODE === 'polling' ? pollingOptions() : pushOptions();
export const options = plan.options;

export function setup() {
  assertOwnHost();
  return { startedAt: Date.now() };
}

function report() {
  const d = streams.drain();
  for (const ms of d.latencies) delivery.add(ms);
  if (d.latencies.length) deliveredCount.add(d.latencies.length);
  if (d.errors > 0) {
    streamErrors.add(d.errors);
    console.warn(`stream errors so far: ${JSON.stringify(d.errorSamples)}`);
  }
  held.add(d.open);
  return d.open;
}

// One holder VU per slice of the learners: open its streams, report every second, close at the end.
export function hold(setupData) {
  // Slices from a counter, not from VU ids (which the scenarios share and interleave): each slice held exactly once.
  const slice = streams.nextIndex('holder');
  const per = Math.ceil(plan.STREAMS / plan.HOLDERS);
  const cookies = data.students.slice(slice * per, Math.min(plan.STREAMS, (slice + 1) * per));
  const handle = streams.open(BASE_URL, cookies, 50);
  const endAt = setupData.startedAt + (plan.OPEN_S + DURATION) * 1000;
  const first = slice === 0;
  if (first) {
    const open = streams.waitOpen(plan.STREAMS, plan.OPEN_S * 1000);
    console.log(`push streams open: ${open} of ${plan.STREAMS}`);
  }
  while (Date.now() < endAt) {
    if (first) report();
    sleep(1);
  }
  if (first) {
    // Answers posted in the last second still get their time to arrive, then whatever has not is counted missing.
    sleep(3);
    report();
    undelivered.add(streams.undelivered(0));
  }
  streams.close(handle);
}

let me = null;
// Each answering VU is one learner (the first ANSWERERS of those holding streams), answering its quiz in order.
export function answer() {
  if (me === null) {
    const index = streams.nextIndex('answerer');
    me = { learner: data.answerers[index % data.answerers.length], next: 0 };
    // Learners do not answer in step: each starts at its own moment within the first pace, so answers arrive spread
    // out (PACE / ANSWERERS apart on average) rather than in bursts of every answerer at once.
    sleep(Math.random() * PACE);
  }
  const { learner } = me;
  if (me.next >= learner.questions.length) {
    sleep(1); // quiz done: only the first answer to a question changes progress
    return;
  }
  const q = learner.questions[me.next++];
  const answerId = streams.uuid();
  streams.sent(answerId);
  const res = http.post(`${BASE_URL}/api/answers`, JSON.stringify({ answerId, questionId: q.id, answer: q.answer, timeSpent: 5, sessionId: learner.sessionId, mode: 'full' }), {
    headers: { Cookie: learner.cookie, Origin: BASE_URL, 'Content-Type': 'application/json' },
    tags: { name: 'POST /api/answers' },
  });
  if (!check(res, { 'answer recorded and counted': (r) => r.status === 200 && r.json('counted') === true })) streams.unsent(answerId);
  sleep(PACE);
}

export function poll() {
  const cookie = data.students[exec.scenario.iterationInTest % plan.STUDENTS];
  const res = http.post(`${BASE_URL}/api/chapters/progress/batch`, JSON.stringify({ chapterIds: data.chapterIds }), {
    headers: { Cookie: cookie, Origin: BASE_URL, 'Content-Type': 'application/json' },
    tags: { name: 'POST /api/chapters/progress/batch' },
  });
  check(res, { 'progress read': (r) => r.status === 200 });
}
