// `npm run bench:web`: Lighthouse (mobile preset: a mid-range phone, simulated slow 4G, 4x CPU slowdown) against a
// running stack, driving the Debian Chromium the e2e tests use. Pages: the landing page `/`, a guest's challenge
// link `/c/{token}` and the dashboard signed in as a fresh learner (disclaimer accepted). Each page runs several
// times; the table shows the medians, plus the JavaScript bytes as sent over the wire (what a phone downloads).
//
//   npm run bench:web                                   # against http://127.0.0.1:8080 (npm start)
//   npm run bench:web -- --url http://127.0.0.1:15080   # another stack (LP_PORT_OFFSET=7000 npm start)
//   npm run bench:web -- --runs 1 --challenge /c/<token> --json out.json
// By default (`--challenge new`) the guest's link is a real challenge: the seeded subscriber finishes a topic quiz
// and creates a link to it, as the Challenge a Friend dialog does.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signInDemo, signInNewLearner } from '../local/sign-in.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.LP_BENCH_URL ?? 'http://127.0.0.1:8080' },
    runs: { type: 'string', default: '3' },
    challenge: { type: 'string', default: 'new' },
    pages: { type: 'string', default: 'landing,challenge,dashboard' },
    json: { type: 'string' },
    'save-reports': { type: 'string' }, // a folder: each run's full Lighthouse JSON report, for digging in
  },
});
const base = args.url.replace(/\/$/, '');
const runs = Math.max(1, Number(args.runs));

// The flags the e2e tests use (e2e/support/browser.ts): without the background-networking ones Chromium floods
// the closed network with refused connections.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function learnerCookie() {
  const email = `bench-web-${Date.now().toString(36)}@demo.test`;
  const cookie = await signInNewLearner(base, { name: 'Bench Learner', email });
  // The disclaimer modal covers protected pages until accepted once; a learner who uses the app has accepted it.
  const res = await fetch(`${base}/api/auth/disclaimer/accept`, { method: 'POST', headers: { cookie } });
  if (!res.ok) throw new Error(`accepting the disclaimer answered ${res.status}`);
  return cookie;
}

/** A real challenge link: the seeded subscriber finishes a topic quiz (no answers needed) and creates a link to it. */
async function newChallengeLink() {
  const cookie = await signInDemo(base, 'demo-subscriber');
  const call = async (method, path, body) => {
    const res = await fetch(base + path, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (!res.ok) throw new Error(`creating a challenge: ${method} ${path} answered ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  await call('POST', '/api/auth/disclaimer/accept');
  for (const s of await call('GET', '/api/sessions/paused')) await call('DELETE', `/api/sessions/${s.id}`);
  const subjects = await call('GET', `/api/subjects/with-chapters?className=${encodeURIComponent('CBSE Class 12')}`);
  const topic = subjects.flatMap((s) => s.chapters).filter((c) => (c.topics ?? []).length > 0).at(-1).topics[0];
  const session = await call('POST', '/api/sessions', { mode: 'topic', topicId: topic.id, questionsCount: topic.questionCount });
  await call('PATCH', `/api/sessions/${session.id}`, { timeSpent: 30, completed: true });
  const created = await call('POST', '/api/challenges', { sessionId: session.id, maxUses: null });
  return `/c/${created.token}`;
}

const challengePath = args.challenge === 'new' && args.pages.includes('challenge') ? await newChallengeLink() : args.challenge;
const PAGES = {
  landing: { label: '`/` (landing)', path: '/' },
  challenge: { label: args.challenge === 'new' ? "`/c/{token}` (a guest's challenge link, a real challenge)" : `\`${challengePath}\` (a guest's challenge link)`, path: challengePath },
  dashboard: { label: '`/dashboard` (signed in)', path: '/dashboard', signedIn: true },
};

/** One Lighthouse run in a fresh Chromium profile: the figures the table shows. */
async function measure(url, cookie) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lp-bench-web-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result.lhr;
    if (args['save-reports']) {
      mkdirSync(args['save-reports'], { recursive: true });
      writeFileSync(join(args['save-reports'], `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const sent = (filter) => requests.filter(filter).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      bytes: sent(() => true),
      jsBytes: sent((r) => r.resourceType === 'Script'),
      jsFiles: requests.filter((r) => r.resourceType === 'Script').length,
    };
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;

const rows = [];
for (const key of args.pages.split(',')) {
  const page = PAGES[key.trim()];
  if (!page) throw new Error(`unknown page "${key}" (known: ${Object.keys(PAGES).join(', ')})`);
  const cookie = page.signedIn ? await learnerCookie() : undefined;
  const results = [];
  for (let i = 0; i < runs; i++) {
    // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated.
    let r;
    for (let attempt = 1; !r; attempt++) {
      try {
        r = await measure(base + page.path, cookie);
      } catch (err) {
        if (attempt >= 3) throw err;
        console.error(`[bench:web] ${page.path} run ${i + 1}: ${err.message}; again`);
      }
    }
    console.error(`[bench:web] ${page.path} run ${i + 1}/${runs}: performance ${r.performance}, LCP ${(r.lcp / 1000).toFixed(1)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, JS ${kib(r.jsBytes)} (${r.jsFiles} files), all ${kib(r.bytes)}`);
    results.push(r);
  }
  const pick = (k) => median(results.map((r) => r[k]));
  rows.push({ page: page.label, path: page.path, runs: results, performance: pick('performance'), accessibility: pick('accessibility'),
    lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), bytes: pick('bytes'), jsBytes: pick('jsBytes'), jsFiles: pick('jsFiles') });
}

console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${base}, median of ${runs} run(s) per page\n`);
console.log('| page | performance | LCP | TBT | CLS | bytes | JS sent (files) | accessibility |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.page} | ${r.performance} | ${(r.lcp / 1000).toFixed(1)} s | ${r.tbt.toFixed(0)} ms | ${r.cls.toFixed(3)} | ${kib(r.bytes)} | ${kib(r.jsBytes)} (${r.jsFiles}) | ${r.accessibility} |`);
}
if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
