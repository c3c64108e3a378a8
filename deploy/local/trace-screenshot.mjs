// `npm run traces:screenshot`, beside a running `npm run traces` (same LP_PORT_OFFSET): one learner's answer as
// the shell sends it (a sample question, a fresh W3C traceparent), then its trace opened in the viewer in Chromium
// and saved as docs/traces/answer-trace.png. Prints the trace id and its URL.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot, topology } from './stack.mjs';
import { chromiumPath } from './tools.mjs';
import { traceViewerPort } from './traces.mjs';

const offset = Number(process.env.LP_PORT_OFFSET ?? 0);
const gateway = `http://127.0.0.1:${topology(offset).gatewayPort}`;
const viewer = `http://127.0.0.1:${traceViewerPort(offset)}`;
const out = join(repoRoot, 'docs', 'traces', 'answer-trace.png');

async function json(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

// A sample quiz, as a visitor gets it: the first chapter with questions, its sample, the first question answered.
const subjects = await json(`${gateway}/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 10')}`);
const chapter = subjects.flatMap((s) => s.chapters).find((c) => c.questionCount > 0);
if (!chapter) throw new Error('no chapter with questions: is the demo content seeded (CONTENT_SEED)?');
const res = await fetch(`${gateway}/api/questions/sample/${chapter.id}`);
const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const [question] = await res.json();

const traceId = randomBytes(16).toString('hex');
const answer = await fetch(`${gateway}/api/answers`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`, ...(cookie ? { cookie } : {}) },
  body: JSON.stringify({ answerId: randomUUID(), questionId: question.id, answer: question.options?.[0] ?? 'x', timeSpent: 9, mode: 'sample' }),
});
console.log(`answer: ${answer.status} ${await answer.text()}`);
console.log(`trace id (X-Trace-Id): ${answer.headers.get('x-trace-id')}`);

// The spans reach the viewer within a couple of seconds (the SDK sends every second).
const deadline = Date.now() + 30_000;
for (;;) {
  const spans = await fetch(`${viewer}/api/v2/trace/${traceId}`).then((r) => (r.ok ? r.json() : []));
  if (spans.some((s) => s.localEndpoint?.serviceName === 'svc-content')) break;
  if (Date.now() > deadline) throw new Error(`trace ${traceId} did not reach the viewer at ${viewer}: is \`npm run traces\` running?`);
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  const url = `${viewer}/zipkin/traces/${traceId}`;
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByText('svc-content').first().waitFor();
  mkdirSync(join(repoRoot, 'docs', 'traces'), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`trace: ${url}\nscreenshot: ${out}`);
} finally {
  await browser.close();
}
