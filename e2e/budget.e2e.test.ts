/**
 * The byte budget: how much JavaScript a phone downloads, as sent over the wire (compressed), on a cold load of
 * each page the front end is measured on (issue 16, `npm run bench:web`). It runs against the stack `npm test`
 * builds and starts, so a change that grows the guest path or drops compression fails here.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptDisclaimerIfShown, signInAsNewLearner } from './support/auth';
import { baseUrl, launchBrowser, type LaunchedBrowser } from './support/browser';
import { challengeLink } from './support/challenge';

/**
 * KiB of JavaScript as sent, per page, cold cache: what the build measured when this was set, plus a little room.
 * Issue 16: 689 / 561 / 916 KiB at first; 144 / 130 / 241 after compression, one federation runtime and lazy pages;
 * then 127.8 / 109.9 / 241.6 (a real challenge link; no query library on a guest's page, one federation SDK copy,
 * React and the platform one chunk each); then 123.5 / 107.2 / 228.5 (the page's CSP only on HTML, not on every
 * script); then 124.2 / 107.7 / 196.1 (the dashboard's class and subject pickers as native selects, no Radix select);
 * then 124.6 / 109.1 / 172.4 (issue 31: the challenge's play a lazy chunk, the menus' Radix loaded on demand), the
 * dashboard's budget lowered to 185 with room kept for issue 32's charts.
 * The guest goal is 130 KiB. Lower these as the front end shrinks; never raise them to make a change pass.
 */
export const JS_BUDGET_KIB = {
  '/c/{token}': 126,
  '/': 110,
  '/dashboard': 185,
} as const;

interface Sent {
  totalKiB: number;
  files: { url: string; kib: number }[];
}

/** Loads `path` with the cache off and sums the encoded (wire) length of every script response. */
async function scriptsSent(page: Page, cdp: CDPSession, path: string, ready: () => Promise<unknown>): Promise<Sent> {
  const scripts = new Map<string, string>();
  const sizes = new Map<string, number>();
  const onResponse = (e: { requestId: string; type: string; response: { url: string } }) => {
    if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
  };
  const onFinished = (e: { requestId: string; encodedDataLength: number }) => sizes.set(e.requestId, e.encodedDataLength);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  try {
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
    await ready();
    await page.waitForLoadState('networkidle');
  } finally {
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.loadingFinished', onFinished);
  }
  const files = [...scripts].map(([id, url]) => ({ url: new URL(url).pathname, kib: (sizes.get(id) ?? 0) / 1024 }));
  return { totalKiB: files.reduce((sum, f) => sum + f.kib, 0), files };
}

const report = (sent: Sent) => `${sent.totalKiB.toFixed(1)} KiB in ${sent.files.length} files:\n${sent.files.map((f) => `  ${f.kib.toFixed(1)} ${f.url}`).join('\n')}`;

let launched: LaunchedBrowser;
let page: Page;
let cdp: CDPSession;

beforeAll(async () => {
  launched = await launchBrowser();
  page = await launched.browser.newPage();
  cdp = await launched.browser.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
});
afterAll(async () => {
  await launched?.close();
});

describe('byte budget: JavaScript sent per page, cold cache', () => {
  it(`a guest opening a challenge link receives at most ${JS_BUDGET_KIB['/c/{token}']} KiB, compressed, and nothing of learn, billing or admin`, async () => {
    const link = await challengeLink();
    const sent = await scriptsSent(page, cdp, link, () => page.getByRole('heading', { name: 'Ravi Subscriber challenged you' }).waitFor({ timeout: 20_000 }));
    console.log(`[budget] /c/{token}: ${report(sent)}`);
    expect(sent.files.filter((f) => /^\/remotes\/(learn|billing|admin)\//.test(f.url))).toEqual([]);
    expect(sent.totalKiB, report(sent)).toBeLessThanOrEqual(JS_BUDGET_KIB['/c/{token}']);
  });

  it(`the landing page: at most ${JS_BUDGET_KIB['/']} KiB`, async () => {
    const sent = await scriptsSent(page, cdp, '/', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    console.log(`[budget] /: ${report(sent)}`);
    expect(sent.totalKiB, report(sent)).toBeLessThanOrEqual(JS_BUDGET_KIB['/']);
  });

  it(`the dashboard signed in: at most ${JS_BUDGET_KIB['/dashboard']} KiB`, async () => {
    await signInAsNewLearner(page);
    await acceptDisclaimerIfShown(page);
    const sent = await scriptsSent(page, cdp, '/dashboard', () => page.getByRole('heading', { name: /dashboard/i }).first().waitFor());
    console.log(`[budget] /dashboard: ${report(sent)}`);
    expect(sent.totalKiB, report(sent)).toBeLessThanOrEqual(JS_BUDGET_KIB['/dashboard']);
  });
});
