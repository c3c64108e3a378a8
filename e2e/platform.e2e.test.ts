/**
 * Issue 2 §8: the composed front end in a real browser, against the gateway serving shell/dist
 * at `/`, mfe-<name>/dist at `/remotes/<name>/` and `/remotes.json`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { manifestUrl, publish, versionDir } from '../deploy/release/remotes.mjs';
import { acceptDisclaimerIfShown, signIn } from './support/auth.ts';
import { baseUrl, launchBrowser, repoRoot, screenshot, type LaunchedBrowser } from './support/browser.ts';

const UNAVAILABLE = 'This part of the app could not be loaded. Please try again later.';

let chromium: LaunchedBrowser;
let context: BrowserContext;

beforeAll(async () => {
  chromium = await launchBrowser();
  context = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
});

async function newPage(): Promise<Page> {
  await context.clearCookies();
  return context.newPage();
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Clicks a link in the top navigation. */
const clickNav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

describe('composed platform', () => {
  it('(a) a guest opening /c/:token downloads the shell and the challenge remote only', async () => {
    const page = await newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    try {
      await page.goto(`${baseUrl()}/c/some-token`);
      await h1(page, 'You have been challenged').waitFor();
      await page.waitForLoadState('networkidle');

      expect(requested.filter((p) => p.startsWith('/remotes/challenge/')).length).toBeGreaterThan(0);
      expect(requested.filter((p) => /^\/remotes\/(learn|billing|admin)\//.test(p))).toEqual([]);
      // The shell's own bundle came from the root.
      expect(requested.some((p) => /^\/main\.[0-9a-f]+\.js$/.test(p))).toBe(true);
    } finally {
      await page.close();
    }
  });

  describe('(b) a remote redeploys without a shell rebuild', () => {
    const shellIndex = path.join(repoRoot, 'shell', 'dist', 'index.html');
    const label = ` (rebuilt ${Date.now().toString(36)})`;
    let shellBefore: { mtimeMs: number; html: string };

    const buildAdmin = (suffix: string) =>
      execFileSync('npm', ['run', 'build', '-w', 'mfe-admin'], {
        cwd: repoRoot,
        env: { ...process.env, LP_HEADING_SUFFIX: suffix, NODE_ENV: 'production' },
        stdio: 'pipe',
      });

    beforeAll(() => {
      shellBefore = { mtimeMs: statSync(shellIndex).mtimeMs, html: readFileSync(shellIndex, 'utf8') };
    });

    afterAll(() => {
      // Put the admin remote back as it was, and prove the shell was never rebuilt.
      buildAdmin('');
      expect(statSync(shellIndex).mtimeMs).toBe(shellBefore.mtimeMs);
      expect(readFileSync(shellIndex, 'utf8')).toBe(shellBefore.html);
    });

    it('shows the rebuilt heading after a reload', async () => {
      const page = await newPage();
      try {
        await page.goto(`${baseUrl()}/admin-login`);
        await h1(page, 'Admin Login').waitFor();

        buildAdmin(label);
        await page.reload();
        await h1(page, `Admin Login${label}`).waitFor();

        expect(statSync(shellIndex).mtimeMs).toBe(shellBefore.mtimeMs);
      } finally {
        await page.close();
      }
    });
  });

  it("(c) a remote's published version (npm run release:remote) loads whole from its versioned path", async () => {
    // The current learn build published under a version of this test's own (deploy/release/remotes.mjs), then
    // /remotes.json pointed at it in this browser only (the stack's pointer file is shared with the other tests).
    const copy = mkdtempSync(path.join(tmpdir(), 'lp-e2e-release-'));
    const version = `0.0.0+e2e${Date.now().toString(36)}`;
    cpSync(path.join(repoRoot, 'mfe-learn', 'dist'), copy, { recursive: true });
    writeFileSync(path.join(copy, 'version.json'), JSON.stringify({ name: 'mfe-learn', version, commit: 'e2e' }));
    await publish({ staticRoot: repoRoot, name: 'learn', distDir: copy });
    const page = await newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.route('**/remotes.json', async (route) => {
      const remotes = await (await route.fetch()).json() as Record<string, string>;
      await route.fulfill({ json: { ...remotes, learn: manifestUrl('learn', version) }, headers: { 'cache-control': 'no-cache' } });
    });
    try {
      await page.goto(`${baseUrl()}/dashboard`);
      await h1(page, 'Dashboard').waitFor();
      await page.waitForLoadState('networkidle');
      const learnFiles = requested.filter((p) => p.startsWith('/remotes/learn/'));
      expect(learnFiles.length).toBeGreaterThan(1);
      expect(learnFiles.filter((p) => !p.startsWith(`/remotes/learn/${version}/`))).toEqual([]);
    } finally {
      await page.close();
      rmSync(versionDir(repoRoot, 'learn', version), { recursive: true, force: true });
      rmSync(copy, { recursive: true, force: true });
      // The folders the publish made, when nothing else is in them (a developer's own releases stay).
      for (const dir of [path.join(repoRoot, 'remotes', 'learn'), path.join(repoRoot, 'remotes')]) {
        try { rmdirSync(dir); } catch { /* not empty, or not there */ }
      }
    }
  });

  it('(c) with /remotes.json pointing billing at a version never published, its pages show the contained error, the rest works', async () => {
    const page = await newPage();
    // What a release or rollback to a missing version would serve (deploy/release): the gateway answers 404 for its manifest.
    await page.route('**/remotes.json', async (route) => {
      const remotes = await (await route.fetch()).json() as Record<string, string>;
      await route.fulfill({ json: { ...remotes, billing: '/remotes/billing/0.0.0+missing/mf-manifest.json' }, headers: { 'cache-control': 'no-cache' } });
    });
    try {
      await signIn(page, 'learner');
      await acceptDisclaimerIfShown(page);
      await page.goto(`${baseUrl()}/subscribe`);
      await page.getByText(UNAVAILABLE).waitFor();
      expect(await page.getByRole('alert').isVisible()).toBe(true);
      await clickNav(page, 'Dashboard');
      await h1(page, 'Dashboard').waitFor();
      expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('(c) with the billing remote unavailable, the shell and the other remotes keep working', async () => {
    const page = await newPage();
    await page.route('**/remotes/billing/**', (route) => route.abort('connectionrefused'));
    try {
      // The billing pages are signed-in only (spec §2): a learner opens /subscribe with the billing remote down.
      await signIn(page, 'learner');
      await acceptDisclaimerIfShown(page);
      await page.goto(`${baseUrl()}/subscribe`);
      await page.getByText(UNAVAILABLE).waitFor();
      expect(await page.getByRole('alert').isVisible()).toBe(true);
      await screenshot(page, 'billing-unavailable');

      // The chrome still routes: to a remote that works, and to the shell's own page.
      await clickNav(page, 'Dashboard');
      await h1(page, 'Dashboard').waitFor();
      expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
      await clickNav(page, 'Home');
      await h1(page, 'Learn it once. Remember it for the exam.').waitFor(); // the signed-in home
      await page.getByRole('link', { name: 'Privacy Policy' }).click();
      await h1(page, 'Privacy Policy').waitFor();

      // Back on a billing route the message shows again; once billing is back, Retry loads it.
      await page.goBack();
      await page.goBack();
      await page.goBack();
      await page.getByText(UNAVAILABLE).waitFor();
      await page.unroute('**/remotes/billing/**');
      await page.getByRole('button', { name: 'Retry' }).click();
      await h1(page, 'Subscription').waitFor();
      expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('(d) saves a screenshot of each remote\'s first screen', async () => {
    const screens = [
      { name: 'learn-dashboard', path: '/dashboard', heading: 'Dashboard' },
      { name: 'challenge-link', path: '/c/some-token', heading: 'You have been challenged' },
      { name: 'admin-login', path: '/admin-login', heading: 'Admin Login' },
      { name: 'shell-landing', path: '/', heading: 'Master Knowledge Through Smart Repetition' },
      // Signed-in only (spec §2): the rest are taken after signing in.
      { name: 'billing-subscription', path: '/subscription', heading: 'Subscription', signedIn: true },
    ];
    const page = await newPage();
    try {
      for (const s of screens) {
        if (s.signedIn && !new URL(page.url()).pathname.startsWith('/subscription')) {
          await signIn(page, 'learner');
          await acceptDisclaimerIfShown(page);
        }
        await page.goto(`${baseUrl()}${s.path}`);
        if (s.signedIn) await acceptDisclaimerIfShown(page);
        await h1(page, s.heading).waitFor();
        const file = await screenshot(page, s.name);
        expect(existsSync(file)).toBe(true);
        expect(statSync(file).size).toBeGreaterThan(1000);
      }
    } finally {
      await page.close();
    }
  });
});
