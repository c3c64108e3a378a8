// Driving a running stack as learners do, for the chaos runs (answers.mjs) and the reliability tests
// (deploy/test): calls with the browser's retry rule, learners with a quiz each, answering, and checking every answer
// against what svc-study recorded.
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { signInNewLearner } from '../local/sign-in.mjs';

// The quiz runner's rule (mfe-learn answerQueue.ts): the same answerId again on no answer, 401, 408, 429 or 5xx,
// after 1 s, 2 s, 4 s… (at most 60 s).
export const retryable = (status) => status === null || status === 401 || status === 408 || status === 429 || status >= 500;
const backoff = (attempt) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One call through the gateway: `{ status, body }`, status null when nothing answered. `body` may be FormData. */
export async function call(base, cookie, method, path, body) {
  try {
    const form = body instanceof globalThis.FormData;
    const res = await fetch(`${base}${path}`, {
      method, headers: { cookie, origin: base, ...(body && !form ? { 'content-type': 'application/json' } : {}) }, body: body ? (form ? body : JSON.stringify(body)) : undefined,
      signal: globalThis.AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: null, body: null };
  }
}

/** `fn` until it answers 200, retrying what the browser retries; counts retries in `stats.retries`. */
export async function withRetries(fn, stats) {
  for (let attempt = 1; ; attempt++) {
    const res = await fn();
    if (res.status === 200) return res;
    if (!retryable(res.status)) throw new Error(`refused with ${res.status}: ${JSON.stringify(res.body)}`);
    stats.retries += 1;
    await sleep(backoff(attempt));
  }
}

/** A chapter with at least `questions` questions, for each learner's free trial quiz (a full chapter quiz). */
export async function chapterWith(base, questions) {
  const subjects = (await call(base, '', 'GET', '/api/subjects/with-chapters?className=CBSE%20Class%2012')).body;
  const chapter = subjects.flatMap((s) => s.chapters).find((c) => c.questionCount >= questions);
  if (!chapter) throw new Error(`no chapter has ${questions} questions`);
  return chapter;
}

/** `count` new learners, each signed in with a full quiz of `perLearner` questions of `chapter` started. */
export async function learnersWithQuizzes(base, { count, perLearner, chapter, label }) {
  const run = Date.now().toString(36);
  const learners = [];
  for (let i = 0; i < count; i++) {
    const cookie = await signInNewLearner(base, { name: `${label} Learner ${i + 1}`, email: `${label.toLowerCase()}-${run}-${i}@demo.test` });
    const questions = (await call(base, cookie, 'GET', `/api/questions/chapter/${chapter.id}`)).body.slice(0, perLearner);
    const session = await call(base, cookie, 'POST', '/api/sessions', { mode: 'full', chapterId: chapter.id, questionsCount: questions.length });
    if (session.status !== 200) throw new Error(`could not start a quiz: ${JSON.stringify(session.body)}`);
    learners.push({ cookie, session: session.body.id, userId: session.body.userId, questions, sent: [], right: 0 });
  }
  return learners;
}

/** Pays the yearly price through the Razorpay stand-in's checkout page, then confirms it, as the billing page does. */
export async function pay(base, cookie, stats) {
  const order = (await withRetries(() => call(base, cookie, 'POST', '/api/razorpay/create-order', { currency: 'INR' }), stats)).body;
  const checkout = new URL(order.checkoutUrl);
  const paid = await withRetries(async () => {
    try {
      const res = await fetch(new URL('/checkout', checkout), {
        method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new globalThis.URLSearchParams({ order_id: order.id, callback_url: checkout.searchParams.get('callback_url') ?? `${base}/subscription`, outcome: 'pay' }).toString(),
      });
      return { status: res.status >= 300 && res.status < 400 ? 200 : res.status, body: res.headers.get('location') };
    } catch {
      return { status: null, body: null };
    }
  }, stats);
  const back = new URL(paid.body);
  const fields = Object.fromEntries(['razorpay_payment_id', 'razorpay_order_id', 'razorpay_signature'].map((k) => [k, back.searchParams.get(k)]));
  await withRetries(() => call(base, cookie, 'POST', '/api/process-razorpay-payment', fields), stats);
}

/**
 * Every learner answers one question at a time (a person), all learners at once, each answer retried until it is
 * taken: the questions `from`-`to` of each learner's quiz (all by default), at most `limit` answers in all.
 * `onAnswered(n)` is called with the running count. Resolves with the number of answers planned.
 */
export async function answerAll(base, learners, { limit = Infinity, from = 0, to = Infinity, stats, onAnswered = () => {} }) {
  let answered = 0;
  const plan = learners.flatMap((l) => l.questions.map((q, i) => ({ l, q, i })).slice(from, to)).slice(0, limit);
  await Promise.all(learners.map(async (l) => {
    for (const { q, i } of plan.filter((p) => p.l === l)) {
      const body = { answerId: randomUUID(), questionId: q.id, answer: q.options?.[i % Math.max(1, q.options.length)] ?? 'answer', timeSpent: 5, sessionId: l.session, mode: 'full' };
      const res = await withRetries(() => call(base, l.cookie, 'POST', '/api/answers', body), stats);
      l.sent.push(body.answerId);
      if (res.body.isCorrect) l.right += 1;
      answered += 1;
      onAnswered(answered);
    }
  }));
  return plan.length;
}

/**
 * What svc-study recorded (read from its database) and counts (read through the API), against what each learner
 * sent: `{ recorded, lost, twice, mismatches }`.
 */
export async function checkAnswers(base, mongodbUri, learners, chapter) {
  const db = await mongoose.createConnection(`${mongodbUri.replace(/\/$/, '')}/study`).asPromise();
  let recorded = 0;
  let lost = 0;
  let twice = 0;
  const mismatches = [];
  try {
    for (const l of learners) {
      const found = await Promise.all(l.sent.map((id) => db.collection('answers').findOne({ _id: id })));
      recorded += found.filter(Boolean).length;
      lost += found.filter((f) => !f).length;
      const counted = await Promise.all(l.questions.slice(0, l.sent.length).map((q) => db.collection('session_answers').findOne({ _id: `${l.session}:${q.id}` })));
      const countedRight = counted.filter((c) => c?.isCorrect).length;
      const session = (await call(base, l.cookie, 'GET', `/api/sessions/${l.session}`)).body;
      const stats = (await call(base, l.cookie, 'GET', '/api/sessions/stats')).body;
      const progress = (await call(base, l.cookie, 'GET', `/api/chapter/progress?chapterId=${chapter.id}`)).body;
      twice += Math.max(0, session.questionsAnswered - l.sent.length) + Math.max(0, stats.totalQuestions - l.sent.length);
      const expected = { questionsAnswered: l.sent.length, correctAnswers: l.right, totalQuestions: l.sent.length, questionsCorrect: l.right, counted: l.sent.length, countedRight: l.right };
      const actual = { questionsAnswered: session.questionsAnswered, correctAnswers: session.correctAnswers, totalQuestions: progress?.totalQuestions, questionsCorrect: progress?.questionsCorrect, counted: counted.filter(Boolean).length, countedRight };
      if (JSON.stringify(expected) !== JSON.stringify(actual)) mismatches.push({ learner: l.userId, expected, actual });
    }
  } finally {
    await db.close();
  }
  return { recorded, lost, twice, mismatches };
}
