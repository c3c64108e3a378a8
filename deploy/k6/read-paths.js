// The main read paths through the gateway, at a fixed arrival rate for a bounded time:
//   subjects  GET  /api/subjects/with-chapters?className=CBSE%20Class%2012   (content, public)
//   progress  POST /api/chapters/progress/batch                              (study, signed-in only)
//   answers   POST /api/answers                                              (study, scored on the server)
// Run:  SESSION_COOKIE='lp_session=...' k6 run deploy/k6/read-paths.js
// Env:  BASE_URL (http://127.0.0.1:8080), SESSION_COOKIE, DURATION (30s, at most 10m),
//       SUBJECTS_RATE / PROGRESS_RATE / ANSWERS_RATE (requests per second), CLASS_NAME,
//       ANSWER_MODE (sample: scored, not stored, so a test leaves no data behind).
import http from 'k6/http';
import { check, fail } from 'k6';
import { BASE_URL, SESSION_COOKIE, assertOwnHost, duration, headers, rate, uuid } from './lib.js';

const CLASS_NAME = __ENV.CLASS_NAME || 'CBSE Class 12';
const ANSWER_MODE = __ENV.ANSWER_MODE || 'sample';
const DURATION = duration();

function scenario(exec, rateName, fallback) {
  const perSecond = rate(rateName, fallback);
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate: perSecond,
    timeUnit: '1s',
    duration: DURATION,
    preAllocatedVUs: Math.min(perSecond, 50),
    maxVUs: Math.min(perSecond * 4, 200),
    gracefulStop: '10s',
  };
}

const scenarios = {
  subjects: scenario('subjects', 'SUBJECTS_RATE', 50),
  answers: scenario('answers', 'ANSWERS_RATE', 20),
};
// Progress is per learner: without a session there is nothing to read.
if (SESSION_COOKIE) scenarios.progress = scenario('progress', 'PROGRESS_RATE', 20);

const thresholds = {
  http_req_failed: ['rate<0.01'],
  checks: ['rate>0.99'],
  'http_req_duration{scenario:subjects}': ['p(95)<250'],
  'http_req_duration{scenario:answers}': ['p(95)<300'],
};
if (SESSION_COOKIE) thresholds['http_req_duration{scenario:progress}'] = ['p(95)<250'];

export const options = { scenarios, thresholds, summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'] };

const subjectsUrl = `${BASE_URL}/api/subjects/with-chapters?className=${encodeURIComponent(CLASS_NAME)}`;

// Once, before the load: the chapter ids and a few questions the scenarios use.
export function setup() {
  assertOwnHost();
  const res = http.get(subjectsUrl, { headers: headers(), tags: { name: 'setup' } });
  if (res.status !== 200) fail(`GET ${subjectsUrl} answered ${res.status}: ${res.body}`);
  const chapterIds = res.json().flatMap((s) => s.chapters.map((c) => c.id)).slice(0, 100);
  if (chapterIds.length === 0) fail(`no chapters for ${CLASS_NAME}: seed the content first`);
  const questions = [];
  for (const chapterId of chapterIds.slice(0, 5)) {
    const q = http.get(`${BASE_URL}/api/questions/sample/${chapterId}`, { headers: headers(), tags: { name: 'setup' } });
    if (q.status === 200) questions.push(...q.json().map((x) => ({ id: x.id, answer: x.options[0] || 'answer' })));
  }
  if (questions.length === 0) fail('no sample questions found for the first chapters');
  return { chapterIds, questions };
}

export function subjects() {
  const res = http.get(subjectsUrl, { headers: headers(), tags: { name: 'GET /api/subjects/with-chapters' } });
  check(res, { 'subjects 200': (r) => r.status === 200 });
}

export function progress(data) {
  const res = http.post(`${BASE_URL}/api/chapters/progress/batch`, JSON.stringify({ chapterIds: data.chapterIds }), {
    headers: headers({ 'Content-Type': 'application/json' }),
    tags: { name: 'POST /api/chapters/progress/batch' },
  });
  check(res, { 'progress 200': (r) => r.status === 200 });
}

export function answers(data) {
  const q = data.questions[Math.floor(Math.random() * data.questions.length)];
  const body = { answerId: uuid(), questionId: q.id, answer: q.answer, timeSpent: 5, mode: ANSWER_MODE };
  const res = http.post(`${BASE_URL}/api/answers`, JSON.stringify(body), {
    headers: headers({ 'Content-Type': 'application/json' }),
    tags: { name: 'POST /api/answers' },
  });
  check(res, { 'answers 200': (r) => r.status === 200 && typeof r.json('isCorrect') === 'boolean' });
}
